import { PlusOutlined } from '@ant-design/icons';
import { LIMITS, TAG_COLORS, type TagColor } from '@atrium/domain';
import { App, Button, Card, Input, Popover, Select, Space, Tag as AntTag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { errorText } from '../feedback/form-errors';
import { useDebouncedValue } from '../feedback/use-debounced-value';
import type { RecordRef } from '../notes/notes.api';
import { useCreateTag, useEntityTags, useSetEntityTags, useTagList } from './tags.api';
import './tags.css';

// Tags of a record: pick existing ones, or create one inline with a colour of the palette.
export function TagsPanel({ record, canEdit = true }: { record: RecordRef; canEdit?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 250);
  const [creating, setCreating] = useState<{ name: string; color: TagColor } | null>(null);
  const current = useEntityTags(record);
  const all = useTagList(debounced);
  const set = useSetEntityTags(record);
  const create = useCreateTag();
  const ids = (current.data ?? []).map((x) => x.id);

  const save = async (tagIds: string[]) => {
    try {
      await set.mutateAsync(tagIds);
    } catch (err) {
      void message.error(isApiError(err) ? errorText(t, err.code) : t('tags.failed', 'Could not save the tags'));
    }
  };

  // too long is said on the field, never cut to fit (issue 12, defect 14)
  const tooLong = (creating?.name.trim().length ?? 0) > LIMITS.tagMax;
  const createTag = async () => {
    if (!creating || tooLong) return;
    try {
      const tag = await create.mutateAsync({ name: creating.name.trim(), color: creating.color });
      setCreating(null);
      await save([...ids, tag.id]);
    } catch (err) {
      void message.error(isApiError(err) ? errorText(t, err.code) : t('tags.failed', 'Could not save the tags'));
    }
  };

  return (
    <Card title={t('tags.title', 'Tags')} size="small" style={{ marginTop: 16 }} aria-label={t('tags.title', 'Tags')}>
      <Space wrap>
        {(current.data ?? []).map((tag) => (
          <AntTag
            key={tag.id}
            color={tag.color}
            closable={canEdit}
            onClose={(e) => {
              e.preventDefault();
              void save(ids.filter((id) => id !== tag.id));
            }}
          >
            {tag.name}
          </AntTag>
        ))}
        {canEdit ? (
          <>
            <Select
              style={{ minWidth: 200 }}
              showSearch={{ filterOption: false, onSearch: setSearch }}
              placeholder={t('tags.add', 'Add a tag')}
              aria-label={t('tags.add', 'Add a tag')}
              value={null}
              options={(all.data?.data ?? [])
                .filter((x) => !ids.includes(x.id))
                .map((x) => ({ value: x.id, label: <AntTag color={x.color}>{x.name}</AntTag> }))}
              onChange={(value: string | null) => {
                if (value) void save([...ids, value]);
              }}
              notFoundContent={null}
            />
            <Popover
              open={creating !== null}
              onOpenChange={(o) =>
                setCreating(o ? { name: search, color: TAG_COLORS[ids.length % TAG_COLORS.length] ?? TAG_COLORS[0] } : null)
              }
              trigger="click"
              title={t('tags.create', 'New tag')}
              content={
                <Space direction="vertical">
                  <Input
                    aria-label={t('tags.name', 'Tag name')}
                    count={{ show: true, max: LIMITS.tagMax }}
                    {...(tooLong ? { status: 'error' as const, 'aria-invalid': true } : {})}
                    value={creating?.name ?? ''}
                    onChange={(e) => setCreating((c) => (c ? { ...c, name: e.target.value } : c))}
                    onPressEnter={() => void createTag()}
                  />
                  {tooLong ? (
                    <div role="alert" className="ant-form-item-explain-error">
                      {errorText(t, 'maxLength', { max: LIMITS.tagMax })}
                    </div>
                  ) : null}
                  <Space wrap role="radiogroup" aria-label={t('tags.color', 'Colour')}>
                    {TAG_COLORS.map((color) => (
                      <button
                        key={color}
                        type="button"
                        role="radio"
                        aria-checked={creating?.color === color}
                        // the colour's name, not its hex code (issue 12, defect 15)
                        aria-label={t(`colors.${color.slice(1).toUpperCase()}`, { defaultValue: color })}
                        className="tag-swatch"
                        style={{ background: color, outline: creating?.color === color ? '2px solid #021F65' : 'none' }}
                        onClick={() => setCreating((c) => (c ? { ...c, color } : c))}
                      />
                    ))}
                  </Space>
                  <Button
                    type="primary"
                    size="small"
                    loading={create.isPending}
                    disabled={!creating?.name.trim() || tooLong}
                    onClick={() => void createTag()}
                  >
                    {t('tags.createAndAdd', 'Create tag')}
                  </Button>
                </Space>
              }
            >
              <Button size="small" icon={<PlusOutlined />}>
                {t('tags.create', 'New tag')}
              </Button>
            </Popover>
          </>
        ) : null}
      </Space>
    </Card>
  );
}

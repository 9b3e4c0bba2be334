import { Select, Tag as TagChip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTagList } from './tags.api';

// Picks tags for a list: records carrying any of them are shown.
export function TagFilter({ value, onChange }: { value: string[]; onChange: (tags: string[]) => void }) {
  const { t } = useTranslation();
  const tags = useTagList('');
  const colorOf = new Map((tags.data?.data ?? []).map((tag) => [tag.id, tag.color]));
  return (
    <Select
      mode="multiple"
      allowClear
      aria-label={t('list.tagFilter')}
      placeholder={t('list.tagFilter')}
      style={{ minWidth: 160 }}
      loading={tags.isPending}
      value={value}
      onChange={onChange}
      optionFilterProp="label"
      options={(tags.data?.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
      tagRender={({ label, value: id, closable, onClose }) => (
        <TagChip color={colorOf.get(String(id))} closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
          {label}
        </TagChip>
      )}
    />
  );
}

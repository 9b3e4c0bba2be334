import { Select, Space, Tag as TagChip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTagList } from './tags.api';

type Match = 'any' | 'all';

// Picks tags for a list: records carrying any of them are shown — or, once two or more are
// picked and the user says so, only records carrying all of them.
export function TagFilter({
  value,
  onChange,
  match = 'any',
  onMatchChange,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  match?: Match;
  onMatchChange?: (match: Match) => void;
}) {
  const { t } = useTranslation();
  const tags = useTagList('');
  const colorOf = new Map((tags.data?.data ?? []).map((tag) => [tag.id, tag.color]));
  const picker = (
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
  // one structure whatever the count, so the picker keeps its focus and open list when the
  // second tag brings the any/all choice
  return (
    <Space.Compact>
      {onMatchChange && value.length > 1 ? (
        <Select
          aria-label={t('list.tagsMatch')}
          value={match}
          onChange={onMatchChange}
          popupMatchSelectWidth={false}
          options={[
            { value: 'any', label: t('list.tagsAny') },
            { value: 'all', label: t('list.tagsAll') },
          ]}
        />
      ) : null}
      {picker}
    </Space.Compact>
  );
}

import type { DuplicateGroup, DuplicateGroupList } from '@atrium/domain';
import { MergeCellsOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Empty, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '../api/api-client';
import { useMediaQuery } from '../feedback/use-media-query';
import { MergeDialog } from '../entity/duplicates';
import type { EntityApi } from '../entity/entity-api';
import { useEntityText } from '../entity/entity-text';

// The whole list's likely duplicates (issue 26 item 5): records sharing a duplicate key or a
// name, a card per shared value, each record a link; two of a group can be merged at once.
export function DuplicateGroupsDrawer({
  api,
  open,
  onClose,
  canMerge,
}: {
  api: EntityApi;
  open: boolean;
  onClose: () => void;
  canMerge: boolean;
}) {
  const { definition } = api;
  const { t } = useEntityText(definition);
  const narrow = useMediaQuery('(max-width: 575.98px)');
  const [merging, setMerging] = useState<{ keep: string; other: string } | null>(null);
  // under the kind's lists: a write or a merge that refreshes the lists refreshes this too
  const groups = useQuery({
    queryKey: [...api.keys.lists(), 'duplicate-groups'],
    queryFn: () => apiRequest<DuplicateGroupList>(`${api.paths.duplicates}/groups`),
    enabled: open,
  });
  const keyLabel = (g: DuplicateGroup) => (g.key === 'title' ? t('duplicates.name') : t(definition.fields[g.key]?.label ?? g.key));

  return (
    <Drawer open={open} onClose={onClose} title={t('duplicates.groupsTitle')} width={narrow ? '100%' : 560} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('duplicates.groupsIntro')}</Typography.Paragraph>
      {groups.isPending ? (
        <Skeleton active />
      ) : (groups.data?.data ?? []).length === 0 ? (
        <Empty description={t('duplicates.none')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} role="list" aria-label={t('duplicates.groupsTitle')}>
          {(groups.data?.data ?? []).map((g) => (
            <Card
              key={`${g.key}:${g.value}`}
              size="small"
              role="listitem"
              title={t('duplicates.sameValue', { field: keyLabel(g), value: g.value })}
              extra={<Typography.Text type="secondary">{t('duplicates.records', { count: g.count })}</Typography.Text>}
            >
              <ul className="duplicate-list">
                {g.records.map((r) => (
                  <li key={r.id}>
                    <Link to={`${definition.web.path}/${r.id}`} onClick={onClose}>
                      {r.title || t('entity.untitled')}
                    </Link>
                  </li>
                ))}
              </ul>
              {canMerge && g.records.length > 1 ? (
                <Button
                  size="small"
                  icon={<MergeCellsOutlined />}
                  onClick={() => setMerging({ keep: g.records[0]!.id, other: g.records[1]!.id })}
                >
                  {t('duplicates.mergeFirstTwo')}
                </Button>
              ) : null}
            </Card>
          ))}
        </Space>
      )}
      {merging ? <MergeLoaded api={api} keepId={merging.keep} otherId={merging.other} onClose={() => setMerging(null)} /> : null}
    </Drawer>
  );
}

// The merge dialog once the record that stays has loaded.
function MergeLoaded({ api, keepId, otherId, onClose }: { api: EntityApi; keepId: string; otherId: string; onClose: () => void }) {
  const record = useQuery(api.recordQuery(keepId));
  return record.data ? <MergeDialog api={api} record={record.data} otherId={otherId} onClose={onClose} /> : null;
}

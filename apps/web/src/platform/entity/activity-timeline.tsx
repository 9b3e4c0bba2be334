import { ACTIVITY_FEED_TYPES, type Activity, type ActivityFeedType, type EntityKind } from '@atrium/domain';
import { Card, Pagination, Radio, Skeleton, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../dates/format-date';
import { EmptyState } from '../feedback/empty-state';
import { useActivity } from './activity.api';

const PAGE_SIZE = 25;

// A stored value as a person reads it: linked records and stages by title, lists joined, files
// by name, nothing as a dash.
function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'object' && v !== null && 'name' in v ? String(v.name) : String(v))).join(', ') || '—';
  if (typeof value === 'object' && 'title' in value) return String(value.title) || '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// The record an entry names (a tag, a linked record, a follower): its title.
const titleIn = (a: Activity) => show(a.after ?? a.before);

// The activity feed of one record (spec §3): the feed types with their counts as a filter,
// newest first, one line per change with the field's value before and after.
export function ActivityTimeline({
  target,
  targetId,
  fieldLabel,
}: {
  target: EntityKind;
  targetId: string;
  fieldLabel: (field: string) => string;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<ActivityFeedType>('All Activity');
  const [page, setPage] = useState(1);
  const query = useActivity({ target, targetId, type, page });
  const feed = query.data;

  const describe = (a: Activity) => {
    const who = a.actor.name ?? t('activity.someone');
    // an e-mail sent from the record: its subject and recipients
    if (a.type === 'Email' && a.action === 'sent' && a.after && typeof a.after === 'object' && 'subject' in a.after) {
      const mail = a.after as { subject?: unknown; to?: unknown };
      return t('activity.emailSent', { who, subject: String(mail.subject ?? ''), to: show(mail.to) });
    }
    if (a.action === 'updated' && a.field) {
      return t('activity.changed', { who, field: fieldLabel(a.field), before: show(a.before), after: show(a.after) });
    }
    // an action about one field may have its own words (a contact's states: "blocked the contact")
    const keys = a.field ? [`activity.action.${a.action}.${a.field}`, `activity.action.${a.action}`] : [`activity.action.${a.action}`];
    return t(keys, { who, type: t(`activity.type.${a.type}`), title: titleIn(a), field: a.field ?? '' });
  };

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('activity.title')}
        </Typography.Title>
      }
    >
      <Radio.Group
        aria-label={t('activity.filter')}
        optionType="button"
        value={type}
        onChange={(e) => {
          setType(e.target.value as ActivityFeedType);
          setPage(1);
        }}
        style={{ marginBottom: 16, display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
        options={(feed?.types ?? ACTIVITY_FEED_TYPES).map((ft) => ({
          value: ft,
          label: `${t(`activity.feed.${ft}`)} (${feed?.counts[ft] ?? 0})`,
        }))}
      />
      {!feed ? (
        <Skeleton active />
      ) : feed.data.length === 0 ? (
        <EmptyState description={t('activity.empty')} />
      ) : (
        <>
          <Timeline
            items={feed.data.map((a) => ({
              key: a.id,
              children: (
                <div className="activity-item">
                  <div>{describe(a)}</div>
                  <Typography.Text type="secondary">{formatDate(a.createdAt, 'dateTime')}</Typography.Text>
                </div>
              ),
            }))}
          />
          {feed.total > PAGE_SIZE ? (
            <Pagination current={page} pageSize={PAGE_SIZE} total={feed.total} onChange={setPage} showSizeChanger={false} />
          ) : null}
        </>
      )}
    </Card>
  );
}

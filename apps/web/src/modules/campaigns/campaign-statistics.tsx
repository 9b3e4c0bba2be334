import { campaignEntity, type CampaignStatistics, type EntityRecord } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Table, Typography } from 'antd';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { formatDate } from '../../platform/dates/format-date';
import { useEntityText } from '../../platform/entity/entity-text';

type Hour = CampaignStatistics['hours'][number];
const COLORS = { sent: '#021F65', opened: '#08979c', clicked: '#389e0d', bounced: '#cf1322', unsubscribed: '#c41d7f' } as const;
const SERIES = ['sent', 'opened', 'clicked', 'bounced', 'unsubscribed'] as const;

// a bar as wide as its share of the busiest hour, with its number beside it
function Bar({ value, max, color }: { value: number; max: number; color: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minWidth: 80 }}>
      <span
        aria-hidden
        style={{ display: 'inline-block', height: 10, width: max ? Math.max(2, (60 * value) / max) : 2, background: color }}
      />
      {value}
    </span>
  );
}

// A campaign's statistics: its counters, and sends, opens, clicks, bounces and unsubscribes hour by hour.
export function CampaignStatisticsTab({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(campaignEntity);
  const stats = useQuery({
    queryKey: workspaceKey('campaign', record.id, 'statistics', Number(record.version)),
    queryFn: () => apiRequest<CampaignStatistics>(`${campaignEntity.basePath}/${record.id}/statistics`),
  });
  const hours = stats.data?.hours ?? [];
  const max = Math.max(0, ...hours.flatMap((h) => SERIES.map((k) => h[k])));
  const counter = (key: string) => ({ key, label: t(`campaigns.campaign.field.${key}`), children: String(record[key] ?? 0) });
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 2, sm: 3, md: 6 }}
        items={['recipients', 'sent', 'opened', 'clicked', 'bounced', 'unsubscribed'].map(counter)}
      />
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
        {t('campaigns.byHour')}
      </Typography.Title>
      <Table<Hour>
        rowKey="hour"
        size="small"
        scroll={{ x: true }}
        loading={stats.isPending}
        dataSource={hours}
        pagination={false}
        columns={[
          { key: 'hour', title: t('campaigns.hour'), render: (_, h) => formatDate(h.hour, 'dateTime') },
          ...SERIES.map((k) => ({
            key: k,
            title: t(`campaigns.campaign.field.${k}`),
            render: (_: unknown, h: Hour) => <Bar value={h[k]} max={max} color={COLORS[k]} />,
          })),
        ]}
      />
    </>
  );
}

import { opportunityEntity, type EntityRecord } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { formatDate } from '../../platform/dates/format-date';
import type { Paged } from '../../platform/entity/list-definition';
import { useEntityText } from '../../platform/entity/entity-text';
import { useWorkspaceCurrency } from '../../platform/entity/use-currency';
import { formatMoney } from '../../platform/i18n/number-format';
import { EmptyState } from '../../platform/feedback/empty-state';

// one of the list's page sizes (PAGE_SIZES)
const PAGE_SIZE = 25;

// The deals of an organization or contact (spec §7: linked opportunities), newest close first.
export function LinkedOpportunities({ basePath, record }: { basePath: string; record: EntityRecord }) {
  const { t } = useEntityText(opportunityEntity);
  const { i18n } = useTranslation();
  const currency = useWorkspaceCurrency();
  const query = useQuery({
    queryKey: workspaceKey('entity', 'Opportunity', 'list', 'of', record.id),
    queryFn: () =>
      apiRequest<Paged<EntityRecord>>(`${basePath}/${record.id}/opportunities`, {
        method: 'POST',
        body: { page: 1, pageSize: PAGE_SIZE, sort: [{ field: 'estimatedCloseDate', order: 'desc' }] },
      }),
  });
  const rows = query.data?.data ?? [];
  if (query.isError) return <Alert type="error" showIcon message={t('crm.opportunity.loadFailed')} />;
  if (query.data && rows.length === 0) return <EmptyState description={t('crm.opportunity.noneYet')} />;
  return (
    <>
      <Table<EntityRecord>
        rowKey="id"
        size="small"
        loading={query.isPending}
        pagination={false}
        dataSource={rows}
        scroll={{ x: true }}
        columns={[
          {
            key: 'name',
            title: t('crm.opportunity.field.name'),
            render: (_, r) => <Link to={`${opportunityEntity.web.path}/${r.id}`}>{r.title || t('entity.untitled')}</Link>,
          },
          { key: 'number', title: t('entity.field.number'), render: (_, r) => String(r.number ?? '') },
          {
            key: 'value',
            title: t('crm.opportunity.field.expectedValue'),
            align: 'right',
            render: (_, r) => (typeof r.expectedValue === 'number' ? formatMoney(r.expectedValue, currency, i18n.language) : '—'),
          },
          {
            key: 'close',
            title: t('crm.opportunity.field.estimatedCloseDate'),
            render: (_, r) => formatDate(typeof r.estimatedCloseDate === 'string' ? r.estimatedCloseDate : null) || '—',
          },
        ]}
      />
      {query.data && query.data.total > rows.length ? (
        <Typography.Text type="secondary">{t('crm.opportunity.more', { count: query.data.total - rows.length })}</Typography.Text>
      ) : null}
    </>
  );
}

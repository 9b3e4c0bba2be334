import { AppstoreOutlined, SettingOutlined, UserAddOutlined } from '@ant-design/icons';
import { type ModuleKind, type Plan, type RecordCounts } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../platform/dates/format-date';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { useAccess } from '../../platform/permissions/use-access';
import { useCurrentTenantId } from '../../platform/workspace/workspace-store';
import { useProfile } from '../../platform/profile/profile.api';
import { usePlans, useSubscriptions } from '../settings';
import { myTenantsQuery } from '../workspaces';
import { LinkButton } from '../../platform/feedback/link-button';
import { StatusTag } from '../../platform/feedback/status-tag';
import { DashboardWidgets } from './dashboard-widgets';
import { apiRequest } from '../../platform/api/api-client';
import { workspaceKey } from '../../platform/api/query-keys';
import { webEntityOf } from '../../platform/entity/web-entity';

// The products whose module a fresh clone has: the plan summary names only these (issue 26,
// item 14: promise nothing that is not there). A product's module adds itself when it lands; the
// settings' plans page lists every plan the workspace holds.
const PRODUCTS_WITH_A_MODULE: readonly ModuleKind[] = [];

// The workspace's landing page: a welcome, the next steps, the plan summary and the widgets the
// user chose (dashboard-widgets.tsx).
export default function DashboardPage() {
  const { t } = useTranslation();
  const tenantId = useCurrentTenantId();
  const tenants = useQuery(myTenantsQuery());
  const profile = useProfile();
  const plans = usePlans();
  const subscriptions = useSubscriptions();
  const { can } = useAccess();
  const tenant = tenants.data?.find((w) => w.id === tenantId);
  usePageTitle(t('dashboard.title'));

  // what the workspace holds, kind by kind (issue 26: the first card reflects real activity)
  const counts = useQuery({
    queryKey: workspaceKey('record-counts'),
    queryFn: () => apiRequest<RecordCounts>('/api/v1/core/record-counts'),
  });
  const held = (counts.data ?? []).filter((c) => c.count > 0 && webEntityOf(c.kind));
  const planOf = (slug: string): Plan | undefined => plans.data?.find((p) => p.slug === slug);
  const firstName = (profile.data?.name ?? '').split(' ')[0] ?? '';

  const nextSteps = (
    <Space wrap>
      {can({ permissions: ['Setting.ManageUsers'] }) ? (
        <LinkButton to="/settings/users" type="primary" icon={<UserAddOutlined />}>
          {t('dashboard.inviteTeam')}
        </LinkButton>
      ) : null}
      <LinkButton to="/profile" icon={<SettingOutlined />}>
        {t('dashboard.completeProfile')}
      </LinkButton>
    </Space>
  );

  return (
    <div className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {firstName ? t('dashboard.welcomeNamed', { name: firstName }) : t('dashboard.welcome')}
        </Typography.Title>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={PRODUCTS_WITH_A_MODULE.length > 0 ? 14 : 24}>
          <Card title={<h2 className="card-heading">{tenant?.name ?? t('dashboard.title')}</h2>}>
            {counts.isPending ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : held.length > 0 ? (
              <Space direction="vertical" size={16} style={{ width: '100%' }}>
                <ul className="record-counts" aria-label={t('dashboard.holds')}>
                  {held.map((c) => {
                    const entity = webEntityOf(c.kind);
                    if (!entity) return null;
                    return (
                      <li key={c.kind}>
                        <Link to={entity.definition.web.path}>
                          <span className="record-count">{c.count.toLocaleString()}</span>
                          <span>{t(`${entity.definition.captionKey}.plural`)}</span>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
                {nextSteps}
              </Space>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_DEFAULT}
                description={
                  <Space direction="vertical" size={4}>
                    <Typography.Text strong>{t('dashboard.emptyTitle')}</Typography.Text>
                    <Typography.Text type="secondary">{t('dashboard.emptyText')}</Typography.Text>
                  </Space>
                }
              >
                {nextSteps}
              </Empty>
            )}
          </Card>
        </Col>
        {PRODUCTS_WITH_A_MODULE.length > 0 ? (
          <Col xs={24} lg={10}>
            <Card
              title={<h2 className="card-heading">{t('dashboard.plans')}</h2>}
              extra={
                can({ permissions: ['Setting.ViewSubscription'] }) ? (
                  <Link to="/settings/plans">
                    <AppstoreOutlined aria-hidden /> {t('dashboard.managePlans')}
                  </Link>
                ) : null
              }
            >
              {subscriptions.isPending || plans.isPending ? (
                <Skeleton active />
              ) : (
                <ul className="plain-list" aria-label={t('dashboard.plans')}>
                  {PRODUCTS_WITH_A_MODULE.map((kind) => {
                    const sub = subscriptions.data?.find((s) => s.productType === kind);
                    const plan = sub ? planOf(sub.planSlug) : undefined;
                    return (
                      <li key={kind} className="plan-summary-row">
                        <span>
                          <Typography.Text strong>{t(`product.${kind}`)}</Typography.Text>
                          {sub ? (
                            <Typography.Text type="secondary" className="plan-since">
                              {t('dashboard.since', { date: formatDate(sub.startedAt, 'date') })}
                            </Typography.Text>
                          ) : null}
                        </span>
                        {plan ? (
                          plan.tier === 'Pro' ? (
                            <StatusTag tone="info">{plan.title}</StatusTag>
                          ) : (
                            <Tag>{plan.title}</Tag>
                          )
                        ) : (
                          <Tag>{t('plans.none')}</Tag>
                        )}
                      </li>
                    );
                  })}
                </ul>
              )}
            </Card>
          </Col>
        ) : null}
      </Row>
      <DashboardWidgets />
    </div>
  );
}

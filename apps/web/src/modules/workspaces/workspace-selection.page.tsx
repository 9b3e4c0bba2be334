import { PlusOutlined, RightOutlined } from '@ant-design/icons';
import type { MyTenant, Tenant } from '@atrium/domain';
import { App, Avatar, Button, Card, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BareLayout } from '../../platform/layouts/bare-layout';
import { SignedInActions } from './signed-in-actions';
import { EmptyState } from '../../platform/feedback/empty-state';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { switchWorkspace, useCurrentTenantId } from '../../platform/workspace/workspace-store';
import { useJoinTenant, useMyTenants, useRecommendedTenants } from './workspaces.api';
import { LinkButton } from '../../platform/feedback/link-button';

const initials = (name: string) => name.trim().slice(0, 1).toUpperCase();

export default function WorkspaceSelectionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const mine = useMyTenants();
  const recommended = useRecommendedTenants();
  const join = useJoinTenant();
  usePageTitle(t('workspaces.selectTitle'));

  const open = (tenant: { id: string }) => {
    switchWorkspace(tenant.id);
    navigate('/dashboard');
  };

  const onJoin = (tenant: Tenant) =>
    join.mutate(tenant.id, {
      onSuccess: (joined) => {
        message.success(t('workspaces.joined', { name: joined.name }));
        open(joined);
      },
      onError: () => message.error(t('workspaces.joinFailed')),
    });

  const joinable = (recommended.data ?? []).filter((r) => !(mine.data ?? []).some((m) => m.id === r.id));
  // someone with one workspace and nothing to join lands in it; the switcher's "All workspaces"
  // (a workspace is open) still shows the list
  const current = useCurrentTenantId();
  const only = current === null && mine.data?.length === 1 && recommended.isSuccess && joinable.length === 0 ? mine.data[0] : undefined;
  useEffect(() => {
    if (!only) return;
    switchWorkspace(only.id);
    navigate('/dashboard', { replace: true });
  }, [only, navigate]);

  return (
    <BareLayout actions={<SignedInActions />}>
      <div className="narrow">
        <div className="page-header">
          <Typography.Title level={1} className="page-title">
            {t('workspaces.selectTitle')}
          </Typography.Title>
          <LinkButton to="/workspaces/new" type="primary" icon={<PlusOutlined />}>
            {t('workspaces.create')}
          </LinkButton>
        </div>
        <Card title={<h2 className="card-heading">{t('workspaces.mine')}</h2>}>
          {mine.isPending ? (
            <Skeleton active />
          ) : (
            <List<MyTenant>
              dataSource={mine.data ?? []}
              locale={{ emptyText: <EmptyState description={t('workspaces.noneYet')} /> }}
              renderItem={(w) => (
                <List.Item
                  actions={[
                    <Button key="open" type="link" onClick={() => open(w)} aria-label={t('workspaces.openNamed', { name: w.name })}>
                      {t('workspaces.open')} <RightOutlined aria-hidden />
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    avatar={<Avatar style={{ background: '#021F65' }}>{initials(w.name)}</Avatar>}
                    title={w.name}
                    description={
                      <Space size={4}>
                        <span>{w.slug}</span>
                        <Tag>{w.role}</Tag>
                      </Space>
                    }
                  />
                </List.Item>
              )}
            />
          )}
        </Card>
        {joinable.length > 0 ? (
          <Card title={<h2 className="card-heading">{t('workspaces.recommended')}</h2>} style={{ marginTop: 16 }}>
            <Typography.Paragraph type="secondary">{t('workspaces.recommendedHint')}</Typography.Paragraph>
            <List<Tenant>
              dataSource={joinable}
              renderItem={(w) => (
                <List.Item
                  actions={[
                    <Button
                      key="join"
                      onClick={() => onJoin(w)}
                      loading={join.isPending && join.variables === w.id}
                      aria-label={t('workspaces.joinNamed', { name: w.name })}
                    >
                      {t('workspaces.join')}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta avatar={<Avatar>{initials(w.name)}</Avatar>} title={w.name} description={w.domain ?? w.slug} />
                </List.Item>
              )}
            />
          </Card>
        ) : null}
      </div>
    </BareLayout>
  );
}

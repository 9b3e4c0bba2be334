import { Card, List, Spin, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../platform/feedback/empty-state';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { PortalPage } from './portal-page';
import { usePortalAccessRedirect } from './portal-access';
import { useMyRequests } from './portal.api';

// Public, signed in as a portal user: "My requests" — their own requests of this helpdesk.
export default function PortalMyRequestsPage() {
  const { t } = useTranslation();
  const { workspace = '', helpdesk = '' } = useParams();
  const list = useMyRequests(workspace, helpdesk);
  const toAccessPage = usePortalAccessRedirect(workspace, helpdesk);
  usePageTitle(t('helpdesk.portal.myRequests'));
  useEffect(() => {
    if (list.error) toAccessPage(list.error);
  }, [list.error, toAccessPage]);
  const home = `/portal/${workspace}/${helpdesk}`;
  return (
    <PortalPage signedInOnly>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 16 }}>
        {t('helpdesk.portal.myRequests')}
      </Typography.Title>
      {list.isPending ? (
        <Spin />
      ) : (
        <Card>
          <List
            dataSource={list.data?.data ?? []}
            locale={{ emptyText: <EmptyState description={t('helpdesk.portal.noRequests')} /> }}
            renderItem={(r) => (
              <List.Item extra={r.stage && <Tag>{r.stage}</Tag>}>
                <List.Item.Meta
                  title={<Link to={`${home}/requests/${r.id}`}>{`${r.number} · ${r.subject}`}</Link>}
                  description={new Date(r.updatedAt).toLocaleString()}
                />
              </List.Item>
            )}
          />
          <Link to={`${home}/ask`}>{t('helpdesk.portal.ask')}</Link>
        </Card>
      )}
    </PortalPage>
  );
}

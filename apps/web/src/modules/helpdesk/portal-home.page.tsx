import { Card, Input, List, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageResult } from '../../platform/feedback/page-result';
import { EmptyState } from '../../platform/feedback/empty-state';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { PortalPage } from './portal-page';
import { MarkedSnippet } from './marked-snippet';
import { usePortalHome, usePortalSearch } from './portal.api';

// Public: a helpdesk portal's home — its name, a search of its knowledge base (ranked, the
// matched words marked) and its articles by topic. An old portal address goes on to the new one.
export default function PortalHomePage() {
  const { t } = useTranslation();
  const { workspace = '', helpdesk = '' } = useParams();
  const navigate = useNavigate();
  const home = usePortalHome(workspace, helpdesk);
  const [q, setQ] = useState('');
  const search = usePortalSearch(workspace, helpdesk, q);
  usePageTitle(home.data?.name ?? t('helpdesk.portal.title'));
  const current = home.data?.slug;
  useEffect(() => {
    if (current && current !== helpdesk) void navigate(`/portal/${workspace}/${current}`, { replace: true });
  }, [current, helpdesk, workspace, navigate]);
  const articlePath = (slug: string) => `/portal/${workspace}/${current ?? helpdesk}/articles/${slug}`;
  const label = t('helpdesk.article.search');
  return (
    <PortalPage back={null}>
      {home.isPending ? (
        <Spin />
      ) : home.isError || !home.data ? (
        <PageResult status="404" title={t('helpdesk.portal.notFound')} />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <div>
            <Typography.Title level={1} style={{ fontSize: 28 }}>
              {home.data.name}
            </Typography.Title>
            {home.data.description && <Typography.Paragraph>{home.data.description}</Typography.Paragraph>}
            <Space wrap size="large">
              <Link to={`/portal/${workspace}/${current ?? helpdesk}/ask`}>{t('helpdesk.portal.ask')}</Link>
              <Link to={`/portal/${workspace}/${current ?? helpdesk}/requests`}>{t('helpdesk.portal.myRequests')}</Link>
              <Link to={`/portal/${workspace}/${current ?? helpdesk}/sign-in`}>{t('helpdesk.portal.signIn')}</Link>
            </Space>
          </div>
          <Input.Search aria-label={label} placeholder={label} size="large" allowClear enterButton onSearch={setQ} />
          {q.trim() ? (
            <Card title={t('helpdesk.portal.results')}>
              <List
                loading={search.isFetching}
                dataSource={search.data?.data ?? []}
                locale={{ emptyText: <EmptyState description={t('helpdesk.article.noHits')} /> }}
                renderItem={(hit) => (
                  <List.Item>
                    <List.Item.Meta
                      title={<Link to={articlePath(hit.slug)}>{hit.title}</Link>}
                      description={<MarkedSnippet text={hit.snippet} />}
                    />
                  </List.Item>
                )}
              />
            </Card>
          ) : (
            <>
              {home.data.topics.map((topic) => (
                <Card
                  key={topic.name}
                  title={
                    <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                      {topic.name}
                    </Typography.Title>
                  }
                >
                  <List
                    dataSource={topic.articles}
                    renderItem={(a) => (
                      <List.Item>
                        <Link to={articlePath(a.slug)}>{a.title}</Link>
                      </List.Item>
                    )}
                  />
                </Card>
              ))}
              <Card
                title={
                  <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                    {t('helpdesk.portal.latest')}
                  </Typography.Title>
                }
              >
                <List
                  dataSource={home.data.articles}
                  locale={{ emptyText: <EmptyState description={t('helpdesk.portal.noArticles')} /> }}
                  renderItem={(a) => (
                    <List.Item>
                      <Link to={articlePath(a.slug)}>{a.title}</Link>
                    </List.Item>
                  )}
                />
              </Card>
            </>
          )}
        </Space>
      )}
    </PortalPage>
  );
}

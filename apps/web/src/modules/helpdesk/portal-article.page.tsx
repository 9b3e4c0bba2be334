import { Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatDate } from '../../platform/dates/format-date';
import { PageResult } from '../../platform/feedback/page-result';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { PortalPage } from './portal-page';
import { usePortalArticle } from './portal.api';
import '../../platform/notes/notes.css';

// Public: an article of a helpdesk portal. An old slug goes on to the article's current address.
// The HTML is the server's sanitized copy (the editor's tags only).
export default function PortalArticlePage() {
  const { t } = useTranslation();
  const { workspace = '', helpdesk = '', slug = '' } = useParams();
  const navigate = useNavigate();
  const article = usePortalArticle(workspace, helpdesk, slug);
  usePageTitle(article.data?.title ?? t('helpdesk.portal.title'));
  const moved = article.data?.movedFrom ? article.data.slug : null;
  useEffect(() => {
    if (moved) void navigate(`/portal/${workspace}/${helpdesk}/articles/${moved}`, { replace: true });
  }, [moved, workspace, helpdesk, navigate]);
  return (
    <PortalPage>
      {article.isPending ? (
        <Spin />
      ) : article.isError || !article.data ? (
        <PageResult status="404" title={t('helpdesk.portal.articleNotFound')} />
      ) : (
        <article>
          <Typography.Title level={1} style={{ fontSize: 28, marginTop: 16 }}>
            {article.data.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {[article.data.topic, article.data.publishedAt ? formatDate(article.data.publishedAt, 'date') : null]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
          {/* sanitized on the server (core's note sanitizer): the rich text editor's tags only, its
              images the article's documents with fresh signed addresses */}
          <div className="rich-text" style={{ marginTop: 16 }} dangerouslySetInnerHTML={{ __html: article.data.html }} />
        </article>
      )}
    </PortalPage>
  );
}

import { CloudUploadOutlined, RollbackOutlined } from '@ant-design/icons';
import { articleEntity, type EntityRecord } from '@atrium/domain';
import { App, Button, Input, List, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { useEntityText } from '../../platform/entity/entity-text';
import { errorText } from '../../platform/feedback/form-errors';
import { useAccess } from '../../platform/permissions/use-access';
import { useArticleSearch, usePublishArticle } from './helpdesk.api';
import { MarkedSnippet } from './marked-snippet';

// "Publish" on a draft article, "Unpublish" (confirmed first) on a published one
// (Helpdesk.PublishArticles).
export function PublishActions({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(articleEntity);
  const { can } = useAccess();
  const { message, modal } = App.useApp();
  const call = usePublishArticle(record.id, {
    onSuccess: (published) => void message.success(t(published ? 'helpdesk.article.published' : 'helpdesk.article.unpublished')),
    onError: (e) => void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError')),
  });
  const published = record.status === 'Published';
  const state = <Tag>{t(published ? 'helpdesk.article.field.status.Published' : 'helpdesk.article.field.status.Draft')}</Tag>;
  if (!can({ permissions: ['Helpdesk.PublishArticles'] })) return state;
  if (!published)
    return (
      <Space wrap>
        {state}
        <Button type="primary" icon={<CloudUploadOutlined />} loading={call.isPending} onClick={() => call.mutate(true)}>
          {t('helpdesk.article.publish')}
        </Button>
      </Space>
    );
  return (
    <Space wrap>
      {state}
      <Button
        icon={<RollbackOutlined />}
        loading={call.isPending}
        onClick={() =>
          modal.confirm({
            title: t('helpdesk.article.unpublish'),
            content: t('helpdesk.article.unpublishConfirm', { title: String(record.title ?? '') }),
            okText: t('helpdesk.article.unpublish'),
            onOk: () => call.mutateAsync(false).catch(() => undefined),
          })
        }
      >
        {t('helpdesk.article.unpublish')}
      </Button>
    </Space>
  );
}

// The knowledge base's full-text search from the articles' list: ranked hits with the matched
// words marked, each opening its article.
export function ArticleSearchButton() {
  const { t } = useEntityText(articleEntity);
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const search = useArticleSearch(q);
  const label = t('helpdesk.article.search');
  return (
    <>
      <Button onClick={() => setOpen(true)}>{label}</Button>
      <Modal open={open} title={label} footer={null} onCancel={() => setOpen(false)} destroyOnHidden width={640}>
        <Input.Search aria-label={label} placeholder={label} allowClear autoFocus onSearch={setQ} enterButton />
        {q.trim() && (
          <List
            style={{ marginTop: 16 }}
            loading={search.isFetching}
            dataSource={search.data?.data ?? []}
            locale={{ emptyText: t('helpdesk.article.noHits') }}
            renderItem={(hit) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <Link to={`${articleEntity.web.path}/${hit.id}`} onClick={() => setOpen(false)}>
                        {hit.title}
                      </Link>
                      <Tag>{t(`helpdesk.article.field.status.${hit.status}`)}</Tag>
                    </Space>
                  }
                  description={<MarkedSnippet text={hit.snippet} />}
                />
              </List.Item>
            )}
          />
        )}
      </Modal>
    </>
  );
}

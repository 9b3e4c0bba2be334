import { Button, Card, Descriptions, Form, Input, List, Spin, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { PageResult } from '../../platform/feedback/page-result';
import { errorText } from '../../platform/feedback/form-errors';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { PortalPage } from './portal-page';
import { usePortalAccessRedirect } from './portal-access';
import { useMyRequest, usePortalReply } from './portal.api';

// Public, signed in as a portal user: one of their requests — the conversation (their messages
// and the helpdesk's answers; internal notes never reach the portal), the fields not hidden on
// the portal, and a reply form (the reply joins the conversation as a mailed one does).
export default function PortalMyRequestPage() {
  const { t } = useTranslation();
  const { workspace = '', helpdesk = '', id = '' } = useParams();
  const request = useMyRequest(workspace, helpdesk, id);
  const reply = usePortalReply(workspace, helpdesk, id);
  const [form] = Form.useForm<{ body: string }>();
  const toAccessPage = usePortalAccessRedirect(workspace, helpdesk);
  usePageTitle(request.data ? `${request.data.number} · ${request.data.subject}` : t('helpdesk.portal.myRequests'));
  useEffect(() => {
    if (request.error) toAccessPage(request.error);
  }, [request.error, toAccessPage]);
  const failure = reply.error ? (isApiError(reply.error) ? errorText(t, reply.error.code) : t('errorCodes.internalServerError')) : null;
  return (
    <PortalPage signedInOnly back={{ to: `/portal/${workspace}/${helpdesk}/requests`, label: t('helpdesk.portal.myRequests') }}>
      {request.isPending ? (
        <Spin />
      ) : !request.data ? (
        <PageResult status="404" title={t('helpdesk.portal.requestNotFound')} />
      ) : (
        <>
          <Typography.Title level={1} style={{ fontSize: 24, marginTop: 16 }}>
            {`${request.data.number} · ${request.data.subject}`} {request.data.stage && <Tag>{request.data.stage}</Tag>}
          </Typography.Title>
          {request.data.fields.length > 0 && (
            <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
              {request.data.fields.map((f) => (
                <Descriptions.Item key={f.key} label={f.label}>
                  {typeof f.value === 'string' || typeof f.value === 'number' ? String(f.value) : JSON.stringify(f.value)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
          <Card title={t('helpdesk.portal.conversation')}>
            <List
              dataSource={request.data.messages}
              renderItem={(m) => (
                <List.Item>
                  <List.Item.Meta
                    title={`${m.kind === 'inbound' ? t('helpdesk.portal.you') : (m.authorName ?? t('helpdesk.portal.support'))} · ${new Date(m.createdAt).toLocaleString()}`}
                    description={<Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{m.body}</Typography.Paragraph>}
                  />
                </List.Item>
              )}
            />
            <Form form={form} layout="vertical" onFinish={(values) => reply.mutate(values.body, { onSuccess: () => form.resetFields() })}>
              <Form.Item
                name="body"
                label={t('helpdesk.portal.yourReply')}
                rules={[{ required: true, whitespace: true, message: t('errorCodes.required') }]}
              >
                <Input.TextArea rows={4} maxLength={20000} />
              </Form.Item>
              {failure && <Typography.Paragraph type="danger">{failure}</Typography.Paragraph>}
              <Button type="primary" htmlType="submit" loading={reply.isPending}>
                {t('helpdesk.portal.sendReply')}
              </Button>
            </Form>
          </Card>
        </>
      )}
    </PortalPage>
  );
}

import { Button, Card, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { errorText } from '../../platform/feedback/form-errors';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { PortalPage } from './portal-page';
import { usePortalRequest } from './portal.api';

type Values = { email: string; subject: string; message: string };

// Public: an anonymous visitor sends a request to the helpdesk — their e-mail, a subject and the
// question. The browser solves the portal's proof-of-work captcha first (no third party); the
// answer names the request's number.
export default function PortalAskPage() {
  const { t } = useTranslation();
  const { workspace = '', helpdesk = '' } = useParams();
  const [form] = Form.useForm<Values>();
  const send = usePortalRequest(workspace, helpdesk);
  usePageTitle(t('helpdesk.portal.askTitle'));
  const failure = send.error ? (isApiError(send.error) ? errorText(t, send.error.code) : t('errorCodes.internalServerError')) : null;
  return (
    <PortalPage narrow>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 16 }}>
        {t('helpdesk.portal.askTitle')}
      </Typography.Title>
      {send.data ? (
        <Result status="success" title={t('helpdesk.portal.sent', { number: send.data.number })} />
      ) : (
        <Card>
          <Form form={form} layout="vertical" onFinish={(values) => send.mutate(values)} requiredMark>
            <Form.Item
              name="email"
              label={t('helpdesk.portal.email')}
              rules={[{ required: true, type: 'email', message: t('errorCodes.invalidEmail') }]}
            >
              <Input type="email" autoComplete="email" maxLength={254} />
            </Form.Item>
            <Form.Item
              name="subject"
              label={t('helpdesk.portal.subject')}
              rules={[{ required: true, whitespace: true, message: t('errorCodes.required') }]}
            >
              <Input maxLength={300} />
            </Form.Item>
            <Form.Item
              name="message"
              label={t('helpdesk.portal.message')}
              rules={[{ required: true, whitespace: true, message: t('errorCodes.required') }]}
            >
              <Input.TextArea rows={6} maxLength={20000} />
            </Form.Item>
            {failure && <Typography.Paragraph type="danger">{failure}</Typography.Paragraph>}
            <Button type="primary" htmlType="submit" loading={send.isPending}>
              {send.isPending ? t('helpdesk.portal.checking') : t('helpdesk.portal.send')}
            </Button>
          </Form>
        </Card>
      )}
    </PortalPage>
  );
}

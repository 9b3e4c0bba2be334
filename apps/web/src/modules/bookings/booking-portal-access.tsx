import { Button, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../platform/api/api-error';
import { errorText } from '../../platform/feedback/form-errors';
import { useBookingPortalSignIn } from './booking-portal.api';

// The spec's access messages (§8) on a Registered or Restricted booking page (decision 093 round
// seven): "login required" for nobody signed in, "portal access denied" for a portal user the page
// is not open to. Both offer a sign-in link by e-mail; the link comes back to this page.
export function BookingPortalAccess({
  kind,
  workspace,
  slug,
  linkFailed = false,
}: {
  kind: 'loginRequired' | 'portalAccessDenied';
  workspace: string;
  slug: string;
  // the mailed link this page was opened with did not sign in (used, expired or made up)
  linkFailed?: boolean;
}) {
  const { t } = useTranslation();
  const ask = useBookingPortalSignIn(workspace, slug);
  const denied = kind === 'portalAccessDenied';
  const failure = ask.error ? (isApiError(ask.error) ? errorText(t, ask.error.code) : t('errorCodes.internalServerError')) : null;
  return (
    <Result
      status={denied ? '403' : 'warning'}
      title={
        <h1 style={{ fontSize: 24, margin: 0 }}>
          {t(denied ? 'bookings.portal.accessDeniedTitle' : 'bookings.portal.loginRequiredTitle')}
        </h1>
      }
      subTitle={t(denied ? 'bookings.portal.accessDeniedText' : 'bookings.portal.loginRequiredText')}
      extra={
        ask.isSuccess ? (
          <Typography.Paragraph role="status">{t('bookings.portal.linkSent')}</Typography.Paragraph>
        ) : (
          <Form
            layout="vertical"
            requiredMark
            style={{ maxWidth: 360, margin: '0 auto', textAlign: 'start' }}
            onFinish={(values: { email: string }) => ask.mutate(values.email)}
          >
            <Form.Item
              name="email"
              label={t('bookings.portal.email')}
              rules={[{ required: true, type: 'email', message: t('errorCodes.invalidEmail') }]}
            >
              <Input type="email" autoComplete="email" maxLength={254} />
            </Form.Item>
            {linkFailed && (
              <Typography.Paragraph type="danger" role="alert">
                {t('bookings.portal.signInFailed')}
              </Typography.Paragraph>
            )}
            {failure && <Typography.Paragraph type="danger">{failure}</Typography.Paragraph>}
            <Button type="primary" htmlType="submit" loading={ask.isPending}>
              {t('bookings.portal.sendLink')}
            </Button>
          </Form>
        )
      }
    />
  );
}

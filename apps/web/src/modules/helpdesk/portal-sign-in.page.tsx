import { Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { errorText } from '../../platform/feedback/form-errors';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { isEmbedded } from '../../platform/widgets/embedded-mode';
import { PortalPage } from './portal-page';
import { usePortalAccessRedirect } from './portal-access';
import { usePortalPair, usePortalRedeem, usePortalSignIn } from './portal.api';

// Public: a portal user asks for a sign-in link by e-mail; the mailed link comes back here with
// ?token=, which the page redeems (a POST, so a mail scanner opening the link spends nothing)
// and goes on to the user's requests. In the widget (a frame on another site, which is sent no
// portal cookie) the sign-in is paired: the link is opened in any tab, and the frame, asking
// meanwhile, gets a session of its own (decision 094 round five).
export default function PortalSignInPage() {
  const { t } = useTranslation();
  const { workspace = '', helpdesk = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token');
  // a booking page's sign-in comes back to it (decision 093 round seven): only a page of this portal
  const back = params.get('returnTo');
  const returnTo = back && back.startsWith(`/portal/${workspace}/`) && !back.includes('//') && !back.includes('\\') ? back : null;
  const navigate = useNavigate();
  const toAccessPage = usePortalAccessRedirect(workspace, helpdesk);
  const [embedded] = useState(isEmbedded);
  const ask = usePortalSignIn(workspace, helpdesk, embedded);
  const redeem = usePortalRedeem(workspace, helpdesk);
  const paired = usePortalPair(workspace, helpdesk, embedded ? ask.data?.pairing : undefined);
  const signedIn = paired.data?.status === 'signedIn';
  useEffect(() => {
    if (signedIn) void navigate(`/portal/${workspace}/${helpdesk}/requests`, { replace: true });
  }, [signedIn, navigate, workspace, helpdesk]);
  const started = useRef(false);
  usePageTitle(t('helpdesk.portal.signIn'));
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    redeem.mutate(token, {
      onSuccess: () => void navigate(returnTo ?? `/portal/${workspace}/${helpdesk}/requests`, { replace: true }),
      onError: (err) => void toAccessPage(err),
    });
  }, [token, redeem, navigate, workspace, helpdesk, toAccessPage, returnTo]);
  const failure =
    ask.error && !isApiError(ask.error) ? t('errorCodes.internalServerError') : ask.error ? errorText(t, ask.error.code) : null;
  return (
    <PortalPage narrow>
      <Typography.Title level={1} style={{ fontSize: 28, marginTop: 16 }}>
        {t('helpdesk.portal.signIn')}
      </Typography.Title>
      {token ? (
        <Spin />
      ) : ask.isSuccess && embedded ? (
        <Result
          status="info"
          title={t('helpdesk.portal.linkSent')}
          subTitle={paired.isError ? t('helpdesk.portal.pairFailed') : t('helpdesk.portal.pairWaiting')}
          icon={paired.isError ? undefined : <Spin />}
        />
      ) : ask.isSuccess ? (
        <Result status="success" title={t('helpdesk.portal.linkSent')} />
      ) : (
        <Card>
          <Typography.Paragraph>{t('helpdesk.portal.signInHint')}</Typography.Paragraph>
          <Form
            layout="vertical"
            requiredMark
            onFinish={(values: { email: string }) => ask.mutate(values.email, { onError: (err) => void toAccessPage(err) })}
          >
            <Form.Item
              name="email"
              label={t('helpdesk.portal.email')}
              rules={[{ required: true, type: 'email', message: t('errorCodes.invalidEmail') }]}
            >
              <Input type="email" autoComplete="email" maxLength={254} />
            </Form.Item>
            {failure && <Typography.Paragraph type="danger">{failure}</Typography.Paragraph>}
            <Button type="primary" htmlType="submit" loading={ask.isPending}>
              {t('helpdesk.portal.sendLink')}
            </Button>
          </Form>
        </Card>
      )}
    </PortalPage>
  );
}

import { MailOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Result, Skeleton, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { BareLayout } from '../../platform/layouts/bare-layout';
import { isApiError } from '../../platform/api/api-error';
import { redirectToSignIn, redirectToSignUp } from '../../platform/auth/session-store';
import { useSession } from '../../platform/auth/use-session';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { switchWorkspace } from '../../platform/workspace/workspace-store';
import { invitationQuery, useAcceptInvitation } from './workspaces.api';

// Public: an invited person may not have an account yet. Signing in or up returns here with
// ?accept=1, and the invitation is accepted without another click.
export default function InvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { status } = useSession();
  const invitation = useQuery(invitationQuery(token));
  const accept = useAcceptInvitation();
  const [invalid, setInvalid] = useState(false);
  const autoAccepted = useRef(false);
  usePageTitle(t('invite.title'));

  const returnTo = `/workspaces/invite/${encodeURIComponent(token)}?accept=1`;

  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: (tenant) => {
        switchWorkspace(tenant.id);
        message.success(t('invite.accepted', { name: tenant.name }));
        navigate('/dashboard', { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && (error.code === 'invalidInviteLink' || error.status === 404)) setInvalid(true);
        else message.error(t('invite.acceptFailed'));
      },
    });

  const valid = invitation.data?.valid === true && !invalid;
  useEffect(() => {
    if (valid && status === 'authenticated' && search.get('accept') === '1' && !autoAccepted.current) {
      autoAccepted.current = true;
      onAccept();
    }
    // onAccept is recreated each render; the ref makes this run once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valid, status, search]);

  let body;
  if (invitation.isPending || status === 'loading') body = <Skeleton active />;
  else if (!valid || invitation.isError) {
    body = (
      <Result
        status="warning"
        title={<h1 className="result-title">{t('invite.invalidTitle')}</h1>}
        subTitle={t('invite.invalidText')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('errors.backHome')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Result
        icon={<MailOutlined style={{ color: '#021F65' }} aria-hidden />}
        title={<h1 className="result-title">{t('invite.heading', { name: invitation.data?.tenantName ?? '' })}</h1>}
        subTitle={invitation.data?.email ? t('invite.forEmail', { email: invitation.data.email }) : undefined}
        extra={
          status === 'authenticated' ? (
            <Button type="primary" onClick={onAccept} loading={accept.isPending}>
              {t('invite.accept')}
            </Button>
          ) : (
            <Space>
              <Button type="primary" onClick={() => redirectToSignIn(returnTo, invitation.data?.email ?? undefined)}>
                {t('invite.signInToAccept')}
              </Button>
              <Button onClick={() => redirectToSignUp(returnTo, invitation.data?.email ?? undefined)}>{t('invite.signUpToAccept')}</Button>
            </Space>
          )
        }
      />
    );
  }

  return (
    <BareLayout>
      <div className="narrow">
        <Card>{body}</Card>
      </div>
    </BareLayout>
  );
}

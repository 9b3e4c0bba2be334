import { TeamOutlined } from '@ant-design/icons';
import type { MyTenant, TeamInviteInfo } from '@atrium/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Result, Skeleton, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { apiRequest } from '../../platform/api/api-client';
import { isApiError } from '../../platform/api/api-error';
import { redirectToSignIn, redirectToSignUp } from '../../platform/auth/session-store';
import { useSession } from '../../platform/auth/use-session';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { BareLayout } from '../../platform/layouts/bare-layout';
import { switchWorkspace } from '../../platform/workspace/workspace-store';

const path = (token: string) => `/api/v1/team-invites/${encodeURIComponent(token)}`;

// Public: a team's invite URL. A signed-in person joins at once (a stranger also joins the
// workspace); signing in or up returns here with ?accept=1 and joins without another click.
export default function TeamInvitePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { status } = useSession();
  const invite = useQuery({
    queryKey: ['team-invite', token],
    queryFn: () => apiRequest<TeamInviteInfo>(path(token), { auth: false, tenant: false }),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => apiRequest<MyTenant & { teamId: string }>(`${path(token)}/accept`, { method: 'POST', tenant: false }),
  });
  const [invalid, setInvalid] = useState(false);
  const autoAccepted = useRef(false);
  usePageTitle(t('crm.team.join.title'));
  const returnTo = `/teams/join/${encodeURIComponent(token)}?accept=1`;

  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: (joined) => {
        switchWorkspace(joined.id);
        message.success(t('crm.team.join.joined', { team: invite.data?.teamName ?? '' }));
        navigate(`/teams/${joined.teamId}`, { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'invalidInviteLink') setInvalid(true);
        else message.error(t('crm.team.join.failed'));
      },
    });

  const valid = invite.data?.valid === true && !invalid;
  useEffect(() => {
    if (valid && status === 'authenticated' && search.get('accept') === '1' && !autoAccepted.current) {
      autoAccepted.current = true;
      onAccept();
    }
    // onAccept is recreated each render; the ref makes this run once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valid, status, search]);

  let body;
  if (invite.isPending || status === 'loading') body = <Skeleton active />;
  else if (!valid || invite.isError) {
    body = (
      <Result
        status="warning"
        title={<h1 className="result-title">{t('invite.invalidTitle')}</h1>}
        subTitle={t('crm.team.join.invalidText')}
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
        icon={<TeamOutlined style={{ color: '#021F65' }} aria-hidden />}
        title={<h1 className="result-title">{t('crm.team.join.heading', { team: invite.data?.teamName ?? '' })}</h1>}
        subTitle={t('crm.team.join.workspace', { workspace: invite.data?.workspaceName ?? '' })}
        extra={
          status === 'authenticated' ? (
            <Button type="primary" onClick={onAccept} loading={accept.isPending}>
              {t('crm.team.join.accept')}
            </Button>
          ) : (
            <Space wrap>
              <Button type="primary" onClick={() => redirectToSignIn(returnTo)}>
                {t('invite.signInToAccept')}
              </Button>
              <Button onClick={() => redirectToSignUp(returnTo)}>{t('invite.signUpToAccept')}</Button>
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

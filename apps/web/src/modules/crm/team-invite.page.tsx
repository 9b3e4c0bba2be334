import { TeamOutlined } from '@ant-design/icons';
import type { MyTenant, TeamInviteInfo } from '@atrium/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { apiRequest } from '../../platform/api/api-client';
import { isApiError } from '../../platform/api/api-error';
import { InviteLanding } from '../../platform/auth/invite-landing';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { switchWorkspace } from '../../platform/workspace/workspace-store';

const path = (token: string) => `/api/v1/team-invites/${encodeURIComponent(token)}`;

// Public: a team's invite URL. A signed-in person joins at once (a stranger also joins the
// workspace); others sign in or up first (InviteLanding) and join on their way back.
export default function TeamInvitePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const invite = useQuery({
    queryKey: ['team-invite', token],
    queryFn: () => apiRequest<TeamInviteInfo>(path(token), { auth: false, tenant: false }),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => apiRequest<MyTenant & { teamId: string }>(`${path(token)}/accept`, { method: 'POST', tenant: false }),
  });
  const [invalid, setInvalid] = useState(false);
  usePageTitle(t('crm.team.join.title'));

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

  return (
    <InviteLanding
      loading={invite.isPending}
      valid={invite.data?.valid === true && !invalid && !invite.isError}
      icon={<TeamOutlined style={{ color: '#021F65' }} aria-hidden />}
      heading={t('crm.team.join.heading', { team: invite.data?.teamName ?? '' })}
      subTitle={t('crm.team.join.workspace', { workspace: invite.data?.workspaceName ?? '' })}
      invalidText={t('crm.team.join.invalidText')}
      path={`/teams/join/${encodeURIComponent(token)}`}
      acceptLabel={t('crm.team.join.accept')}
      accepting={accept.isPending}
      onAccept={onAccept}
    />
  );
}

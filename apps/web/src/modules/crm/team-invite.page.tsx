import { TeamOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { InviteLanding } from '../../platform/auth/invite-landing';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { switchWorkspace } from '../../platform/workspace/workspace-store';
import { useAcceptTeamInvite, useTeamInvite } from './team-invite.api';

// Public: a team's invite URL. A signed-in person joins at once (a stranger also joins the
// workspace); others sign in or up first (InviteLanding) and join on their way back.
export default function TeamInvitePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const invite = useTeamInvite(token);
  const accept = useAcceptTeamInvite(token);
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

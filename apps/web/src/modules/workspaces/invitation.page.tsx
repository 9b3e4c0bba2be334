import { MailOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { InviteLanding } from '../../platform/auth/invite-landing';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import { switchWorkspace } from '../../platform/workspace/workspace-store';
import { invitationQuery, useAcceptInvitation } from './workspaces.api';

// Public: an invited person may not have an account yet (InviteLanding: sign in or up, back here,
// accepted without another click).
export default function InvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const invitation = useQuery(invitationQuery(token));
  const accept = useAcceptInvitation();
  const [invalid, setInvalid] = useState(false);
  usePageTitle(t('invite.title'));

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

  return (
    <InviteLanding
      loading={invitation.isPending}
      valid={invitation.data?.valid === true && !invalid && !invitation.isError}
      icon={<MailOutlined style={{ color: '#021F65' }} aria-hidden />}
      heading={t('invite.heading', { name: invitation.data?.tenantName ?? '' })}
      subTitle={invitation.data?.email ? t('invite.forEmail', { email: invitation.data.email }) : undefined}
      invalidText={t('invite.invalidText')}
      path={`/workspaces/invite/${encodeURIComponent(token)}`}
      email={invitation.data?.email ?? undefined}
      acceptLabel={t('invite.accept')}
      accepting={accept.isPending}
      onAccept={onAccept}
    />
  );
}

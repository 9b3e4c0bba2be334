import type { WorkspaceUser } from '@atrium/domain';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../platform/api/api-error';
import { useConfirm } from '../../../platform/confirm/confirm-modal';
import { errorText } from '../../../platform/feedback/form-errors';
import { useRemoveUser, useResendInvite } from './users.api';

// Remove (with confirmation) and resend, shared by the list and the detail page.
export function useUserActions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const remove = useRemoveUser();
  const resend = useResendInvite();

  const removeUser = async (user: WorkspaceUser): Promise<boolean> => {
    const ok = await confirm({
      title: t('users.removeTitle', { name: user.name ?? user.email }),
      description: t('users.removeText'),
      okText: t('users.remove'),
      danger: true,
    });
    if (!ok) return false;
    try {
      await remove.mutateAsync(user.tenantUserId);
      message.success(t('users.removed'));
      return true;
    } catch (error) {
      message.error(isApiError(error) ? errorText(t, error.code) : t('users.removeFailed'));
      return false;
    }
  };

  const resendInvite = (user: WorkspaceUser) =>
    resend.mutate(user.tenantUserId, {
      onSuccess: () => message.success(t('users.inviteResent', { email: user.email })),
      onError: () => message.error(t('users.inviteFailed')),
    });

  return { removeUser, resendInvite };
}

import type { WorkspaceUser } from '@atrium/domain';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../platform/feedback/status-tag';

export function UserStatusTag({ status }: { status: WorkspaceUser['status'] }) {
  const { t } = useTranslation();
  return status === 'active' ? (
    <StatusTag tone="success">{t('users.statusActive')}</StatusTag>
  ) : (
    <StatusTag tone="warning">{t('users.statusInvited')}</StatusTag>
  );
}

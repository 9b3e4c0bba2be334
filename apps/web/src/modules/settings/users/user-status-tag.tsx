import type { WorkspaceUser } from '@atrium/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function UserStatusTag({ status }: { status: WorkspaceUser['status'] }) {
  const { t } = useTranslation();
  return status === 'active' ? <Tag color="green">{t('users.statusActive')}</Tag> : <Tag color="gold">{t('users.statusInvited')}</Tag>;
}

import type { WorkspaceUser } from '@atrium/domain';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EntityDetailPage } from '../../../platform/entity/entity-detail.page';
import { useAccess } from '../../../platform/permissions/use-access';
import { ChangeRoleModal } from './change-role.modal';
import { useUserActions } from './use-user-actions';
import { userDetailDefinition } from './users.definition';

export default function UserDetailPage() {
  const { t } = useTranslation();
  const { tenantUserId = '' } = useParams();
  const navigate = useNavigate();
  const { can } = useAccess();
  const [changing, setChanging] = useState<WorkspaceUser | null>(null);
  const { removeUser, resendInvite } = useUserActions();
  const manage = can({ permissions: ['Setting.ManageUsers'] });

  return (
    <>
      <EntityDetailPage
        definition={userDetailDefinition}
        id={tenantUserId}
        {...(manage
          ? {
              actions: (user: WorkspaceUser) => (
                <Space wrap>
                  <Button onClick={() => setChanging(user)}>{t('users.changeRole')}</Button>
                  {user.status === 'invited' ? <Button onClick={() => resendInvite(user)}>{t('users.resendInvite')}</Button> : null}
                  <Button danger onClick={() => void removeUser(user).then((removed) => removed && navigate('/settings/users'))}>
                    {t('users.remove')}
                  </Button>
                </Space>
              ),
            }
          : {})}
      />
      <ChangeRoleModal user={changing} onClose={() => setChanging(null)} />
    </>
  );
}

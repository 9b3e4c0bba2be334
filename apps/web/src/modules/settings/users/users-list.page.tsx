import { MoreOutlined, UserAddOutlined } from '@ant-design/icons';
import type { WorkspaceUser } from '@atrium/domain';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../platform/entity/list.page';
import { useAccess } from '../../../platform/permissions/use-access';
import { ChangeRoleModal } from './change-role.modal';
import { InviteUserModal } from './invite-user.modal';
import { useUserActions } from './use-user-actions';
import { usersListDefinition } from './users.definition';

export default function UsersListPage() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const manage = can({ permissions: ['Setting.ManageUsers'] });
  const [inviting, setInviting] = useState(false);
  const [changing, setChanging] = useState<WorkspaceUser | null>(null);
  const { removeUser, resendInvite } = useUserActions();

  const rowActions = (user: WorkspaceUser) => (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'role', label: t('users.changeRole') },
          ...(user.status === 'invited' ? [{ key: 'resend', label: t('users.resendInvite') }] : []),
          { type: 'divider' as const },
          { key: 'remove', label: t('users.remove'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'role') setChanging(user);
          else if (key === 'resend') resendInvite(user);
          else if (key === 'remove') void removeUser(user);
        },
      }}
    >
      <Button type="text" icon={<MoreOutlined />} aria-label={t('users.actionsFor', { name: user.name ?? user.email })} />
    </Dropdown>
  );

  return (
    <>
      <ListPage
        definition={usersListDefinition}
        actions={
          manage ? (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
              {t('users.invite')}
            </Button>
          ) : null
        }
        {...(manage ? { rowActions } : {})}
      />
      <InviteUserModal open={inviting} onClose={() => setInviting(false)} />
      <ChangeRoleModal user={changing} onClose={() => setChanging(null)} />
    </>
  );
}

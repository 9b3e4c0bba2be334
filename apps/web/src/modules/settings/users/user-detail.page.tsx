import { ArrowLeftOutlined } from '@ant-design/icons';
import type { WorkspaceUser } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../platform/api/api-error';
import { formatDate } from '../../../platform/dates/format-date';
import { IfRecordId, NotFoundPage } from '../../../platform/errors/not-found.page';
import { LinkButton } from '../../../platform/feedback/link-button';
import { usePageTitle } from '../../../platform/feedback/use-page-title';
import { useAccess } from '../../../platform/permissions/use-access';
import { RoleName } from '../../../platform/permissions/role-name';
import { ChangeRoleModal } from './change-role.modal';
import { useUserActions } from './use-user-actions';
import { UserStatusTag } from './user-status-tag';
import { userQuery } from './users.api';

// A workspace user: a membership, not an entity kind, so a page of its own rather than the
// record engine's (which serves the kinds with definitions).
export default function UserDetailPage() {
  const { tenantUserId = '' } = useParams();
  return (
    <IfRecordId id={tenantUserId}>
      <UserDetail tenantUserId={tenantUserId} />
    </IfRecordId>
  );
}

function UserDetail({ tenantUserId }: { tenantUserId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useAccess();
  const [changing, setChanging] = useState<WorkspaceUser | null>(null);
  const { removeUser, resendInvite } = useUserActions();
  const manage = can({ permissions: ['Setting.ManageUsers'] });
  const query = useQuery(userQuery(tenantUserId));
  const user = query.data;
  usePageTitle(user ? (user.name ?? user.email) : undefined);

  if (isApiError(query.error) && query.error.status === 404) return <NotFoundPage />;
  if (query.error) throw query.error;

  return (
    <div className="page">
      <LinkButton to="/settings/users" type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
        {t('users.back')}
      </LinkButton>
      {!user ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <>
          <div className="page-header">
            <Typography.Title level={1} className="page-title">
              {user.name ?? user.email}
            </Typography.Title>
            {manage ? (
              <Space wrap>
                <Button onClick={() => setChanging(user)}>{t('users.changeRole')}</Button>
                {user.status === 'invited' ? <Button onClick={() => resendInvite(user)}>{t('users.resendInvite')}</Button> : null}
                <Button danger onClick={() => void removeUser(user).then((removed) => removed && navigate('/settings/users'))}>
                  {t('users.remove')}
                </Button>
              </Space>
            ) : null}
          </div>
          <div style={{ marginBottom: 16 }}>
            <UserStatusTag status={user.status} />
          </div>
          <Card>
            <Descriptions
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'email', label: t('users.email'), children: user.email },
                { key: 'roleName', label: t('users.role'), children: <RoleName name={user.roleName} systemKey={user.roleKey} /> },
                { key: 'invitedAt', label: t('users.invitedAt'), children: formatDate(user.invitedAt, 'dateTime') },
                { key: 'joinedAt', label: t('users.joinedAt'), children: formatDate(user.joinedAt, 'dateTime') || '—' },
              ]}
            />
          </Card>
        </>
      )}
      <ChangeRoleModal user={changing} onClose={() => setChanging(null)} />
    </div>
  );
}

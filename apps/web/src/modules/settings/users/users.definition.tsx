import { RoleName } from '../../../platform/permissions/role-name';
import type { WorkspaceUser, WorkspaceUserList } from '@atrium/domain';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { formatDate } from '../../../platform/dates/format-date';
import type { EntityListRequest, ListDefinition } from '../../../platform/entity/list-definition';
import { fetchUsers, userKeys } from './users.api';
import { UserStatusTag } from './user-status-tag';

const SORTABLE = ['email', 'name', 'role', 'status', 'invitedAt'] as const;
type SortField = (typeof SORTABLE)[number];
const isSortField = (f: string): f is SortField => (SORTABLE as readonly string[]).includes(f);

// The engine's generic request, in the shape of POST /core/users/list.
export function toUsersRequest(request: EntityListRequest): WorkspaceUserList {
  const status = request.filters.find((f) => f.field === 'status')?.value;
  return {
    page: request.page,
    pageSize: request.pageSize,
    ...(request.search ? { search: request.search } : {}),
    ...(status === 'invited' || status === 'active' ? { status } : {}),
    sort: request.sort.filter((s) => isSortField(s.field)).map((s) => ({ field: s.field as SortField, order: s.order })),
  };
}

export const usersListDefinition: ListDefinition<WorkspaceUser> = {
  listKey: 'users',
  titleKey: 'users.title',
  searchLabelKey: 'users.search',
  rowKey: (u) => u.tenantUserId,
  queryKey: (request) => userKeys.list(toUsersRequest(request)),
  fetch: (request) => fetchUsers(toUsersRequest(request)),
  detailPath: (u) => `/settings/users/${u.tenantUserId}`,
  columns: [
    {
      key: 'name',
      titleKey: 'users.name',
      sortable: true,
      alwaysVisible: true,
      render: (u) => <Link to={`/settings/users/${u.tenantUserId}`}>{u.name ?? u.email}</Link>,
    },
    { key: 'email', titleKey: 'users.email', sortable: true },
    {
      key: 'role',
      titleKey: 'users.role',
      sortable: true,
      render: (u) => (
        <Tag>
          <RoleName name={u.roleName} systemKey={u.roleKey} />
        </Tag>
      ),
    },
    { key: 'status', titleKey: 'users.status', sortable: true, render: (u) => <UserStatusTag status={u.status} /> },
    { key: 'invitedAt', titleKey: 'users.invitedAt', sortable: true, render: (u) => formatDate(u.invitedAt, 'date') },
    { key: 'joinedAt', titleKey: 'users.joinedAt', defaultVisible: false, render: (u) => formatDate(u.joinedAt, 'date') },
  ],
  filters: [
    {
      field: 'status',
      labelKey: 'users.status',
      options: [
        { value: 'active', labelKey: 'users.statusActive' },
        { value: 'invited', labelKey: 'users.statusInvited' },
      ],
    },
  ],
};

import { projectTemplateEntity, type EntityRecord, type ProjectMember, type ProjectRole, type RolePermission } from '@atrium/domain';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Modal, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../platform/api/api-error';
import { useConfirm } from '../../platform/confirm/confirm-modal';
import { ReferencePicker } from '../../platform/entity/reference-picker';
import { applyFieldErrors, errorText } from '../../platform/feedback/form-errors';
import { humanizePermission, PermissionChecklist } from '../../platform/permissions/permission-checklist';
import { useAccess } from '../../platform/permissions/use-access';
import {
  projectOwner,
  useAddMember,
  useChangeMember,
  useDeleteRole,
  useMyProjectPermissions,
  useProjectMembers,
  useProjectRoles,
  useRemoveMember,
  useSaveRole,
  type RoleOwner,
} from './project-members.api';

// A project's Members tab (Plan.Roles): its members with their project roles, and the roles
// themselves. A role's permissions add to its members' workspace permissions in this project.
export function ProjectMembers({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const { ready, can } = useAccess();
  if (!ready) return <Skeleton active />;
  if (!can({ permissions: ['Plan.Roles'] })) return <Alert type="info" showIcon message={t('projects.members.planRequired')} />;
  return <MembersBody projectId={record.id} />;
}

// A project template's Roles tab (Plan.Roles): the roles a project made from it starts with,
// changed by those who manage templates.
export function TemplateRoles({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const { ready, can } = useAccess();
  if (!ready) return <Skeleton active />;
  if (!can({ permissions: ['Plan.Roles'] })) return <Alert type="info" showIcon message={t('projects.members.planRequired')} />;
  return (
    <TemplateRolesBody
      owner={{ kind: 'ProjectTemplate', id: record.id }}
      canManage={can({ permissions: [projectTemplateEntity.permissions.settings] })}
    />
  );
}

function TemplateRolesBody({ owner, canManage }: { owner: RoleOwner; canManage: boolean }) {
  const { t } = useTranslation();
  const roles = useProjectRoles(owner);
  if (roles.isError) return <Alert type="error" showIcon message={t('projects.members.loadFailed')} />;
  if (!roles.data) return <Skeleton active />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('projects.roles.templateHint')}</Typography.Text>
      <RoleList owner={owner} roles={roles.data} canManage={canManage} />
    </Space>
  );
}

function MembersBody({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const mine = useMyProjectPermissions(projectId);
  const roles = useProjectRoles(projectOwner(projectId));
  const members = useProjectMembers(projectId);
  if (mine.isError || roles.isError || members.isError) return <Alert type="error" showIcon message={t('projects.members.loadFailed')} />;
  if (!mine.data || !roles.data || !members.data) return <Skeleton active />;
  const perms = new Set(mine.data.permissions);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <MemberList projectId={projectId} roles={roles.data} members={members.data} canManage={perms.has('Project.ManageProjects')} />
      <RoleList owner={projectOwner(projectId)} roles={roles.data} canManage={perms.has('Project.ManageSettings')} />
    </Space>
  );
}

const permissionText = (t: (key: string, opts?: Record<string, unknown>) => string, p: string) => {
  const name = p.slice(p.indexOf('.') + 1);
  return t(`permission.${name}`, { defaultValue: humanizePermission(name) });
};

function MemberList(props: { projectId: string; roles: ProjectRole[]; members: ProjectMember[]; canManage: boolean }) {
  const { projectId, roles, members, canManage } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [form] = Form.useForm<{ tenantUserId: string; roleId: string }>();
  const add = useAddMember(projectId);
  const change = useChangeMember(projectId);
  const remove = useRemoveMember(projectId);
  const fail = (e: unknown) => message.error(isApiError(e) ? errorText(t, e.code) : t('projects.members.saveFailed'));
  const roleOptions = roles.map((r) => ({ value: r.id, label: r.name }));

  const onAdd = async (values: { tenantUserId: string; roleId: string }) => {
    try {
      await add.mutateAsync(values);
      form.resetFields();
      message.success(t('projects.members.added'));
    } catch (e) {
      if (!applyFieldErrors(form, e, t, ['tenantUserId', 'roleId'])) fail(e);
    }
  };
  const onRemove = async (m: ProjectMember) => {
    const ok = await confirm({
      title: t('projects.members.removeConfirm', { name: m.user.title }),
      okText: t('projects.members.remove'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(m.tenantUserId);
      message.success(t('projects.members.removed'));
    } catch (e) {
      fail(e);
    }
  };

  return (
    <section aria-labelledby="project-members-heading">
      <Typography.Title level={5} id="project-members-heading">
        {t('projects.members.heading')}
      </Typography.Title>
      <Table<ProjectMember>
        rowKey="tenantUserId"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={members}
        locale={{ emptyText: t('projects.members.none') }}
        columns={[
          { key: 'user', title: t('projects.members.member'), render: (_, m) => m.user.title },
          {
            key: 'role',
            title: t('projects.members.role'),
            render: (_, m) =>
              canManage ? (
                <Select
                  aria-label={t('projects.members.roleOf', { name: m.user.title })}
                  value={m.roleId}
                  options={roleOptions}
                  style={{ minWidth: 160 }}
                  onChange={(roleId: string) =>
                    change.mutate(
                      { tenantUserId: m.tenantUserId, roleId },
                      { onSuccess: () => message.success(t('projects.members.changed')), onError: fail },
                    )
                  }
                />
              ) : (
                m.roleName
              ),
          },
          ...(canManage
            ? [
                {
                  key: 'actions',
                  title: '',
                  render: (_: unknown, m: ProjectMember) => (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('projects.members.removeOne', { name: m.user.title })}
                      onClick={() => void onRemove(m)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {canManage &&
        (roles.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('projects.members.needRole')}
          </Typography.Paragraph>
        ) : (
          <Form form={form} layout="inline" onFinish={(v) => void onAdd(v)} style={{ marginTop: 12, rowGap: 8 }}>
            <Form.Item
              name="tenantUserId"
              label={t('projects.members.member')}
              rules={[{ required: true, message: t('errorCodes.required') }]}
            >
              <ReferencePicker lookup="User" aria-label={t('projects.members.member')} placeholder={t('projects.members.pickUser')} />
            </Form.Item>
            <Form.Item name="roleId" label={t('projects.members.role')} rules={[{ required: true, message: t('errorCodes.required') }]}>
              <Select options={roleOptions} style={{ minWidth: 160 }} aria-label={t('projects.members.role')} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
                {t('projects.members.add')}
              </Button>
            </Form.Item>
          </Form>
        ))}
    </section>
  );
}

function RoleList({ owner, roles, canManage }: { owner: RoleOwner; roles: ProjectRole[]; canManage: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const remove = useDeleteRole(owner);
  // undefined: closed; null: a new role
  const [editing, setEditing] = useState<ProjectRole | null | undefined>(undefined);
  const onDelete = async (r: ProjectRole) => {
    const ok = await confirm({
      title: t('projects.roles.deleteConfirm', { name: r.name }),
      okText: t('projects.roles.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(r.id);
      message.success(t('projects.roles.deleted'));
    } catch (e) {
      message.error(isApiError(e) ? errorText(t, e.code) : t('projects.members.saveFailed'));
    }
  };
  return (
    <section aria-labelledby="project-roles-heading">
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={5} id="project-roles-heading" style={{ margin: 0 }}>
          {t('projects.roles.heading')}
        </Typography.Title>
        {canManage && (
          <Button icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t('projects.roles.add')}
          </Button>
        )}
      </Space>
      <Table<ProjectRole>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        style={{ marginTop: 8 }}
        dataSource={roles}
        locale={{ emptyText: t('projects.roles.none') }}
        columns={[
          { key: 'name', title: t('projects.roles.name'), dataIndex: 'name' },
          {
            key: 'permissions',
            title: t('projects.roles.permissions'),
            render: (_, r) => (
              <Space size={[4, 4]} wrap>
                {r.permissions.map((p) => (
                  <Tag key={p}>{permissionText(t, p)}</Tag>
                ))}
              </Space>
            ),
          },
          { key: 'members', title: t('projects.roles.memberCount'), dataIndex: 'memberCount' },
          ...(canManage
            ? [
                {
                  key: 'actions',
                  title: '',
                  render: (_: unknown, r: ProjectRole) => (
                    <Space>
                      <Button
                        type="text"
                        icon={<EditOutlined />}
                        aria-label={t('projects.roles.editOne', { name: r.name })}
                        onClick={() => setEditing(r)}
                      />
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('projects.roles.deleteOne', { name: r.name })}
                        onClick={() => void onDelete(r)}
                      />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing !== undefined && <RoleModal owner={owner} role={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}

function RoleModal({ owner, role, onClose }: { owner: RoleOwner; role: ProjectRole | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string; permissions: RolePermission[] }>();
  const save = useSaveRole(owner);
  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await save.mutateAsync({ ...(role ? { id: role.id } : {}), body: { name: values.name, permissions: values.permissions } });
      message.success(t('projects.roles.saved'));
      onClose();
    } catch (e) {
      if (!applyFieldErrors(form, e, t, ['name', 'permissions']))
        message.error(isApiError(e) ? errorText(t, e.code) : t('projects.members.saveFailed'));
    }
  };
  return (
    <Modal
      open
      title={role ? t('projects.roles.editTitle', { name: role.name }) : t('projects.roles.add')}
      okText={t('projects.roles.save')}
      onOk={() => void onOk()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={720}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: role?.name ?? '', permissions: role?.permissions ?? [] }}>
        <Form.Item
          name="name"
          label={t('projects.roles.name')}
          rules={[{ required: true, whitespace: true, message: t('errorCodes.required') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="permissions" label={t('projects.roles.permissions')}>
          <PermissionChecklist modules={['Project']} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

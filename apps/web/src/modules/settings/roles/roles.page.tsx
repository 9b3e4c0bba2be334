import { useRoleName } from '../../../platform/permissions/role-name';
import { DeleteOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS, type Role, type RoleWrite } from '@atrium/domain';
import { Alert, App, Button, Card, Col, Empty, Form, Input, List, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../platform/api/api-error';
import { useConfirm } from '../../../platform/confirm/confirm-modal';
import { applyFieldErrors, errorText, maxLengthRule } from '../../../platform/feedback/form-errors';
import { usePageTitle } from '../../../platform/feedback/use-page-title';
import { useLeavePageGuard } from '../../../platform/leave-guard/leave-page-guard';
import { PermissionChecklist } from '../../../platform/permissions/permission-checklist';
import { useAccess } from '../../../platform/permissions/use-access';
import { useCreateRole, useDeleteRole, useRoles, useUpdateRole } from './roles.api';

type Editing = { kind: 'role'; role: Role } | { kind: 'new' };

export default function RolesPage() {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { can } = useAccess();
  const roles = useRoles();
  const create = useCreateRole();
  const update = useUpdateRole();
  const remove = useDeleteRole();
  const [form] = Form.useForm<RoleWrite>();
  const [chosen, setEditing] = useState<Editing | null>(null);
  // until the user picks one, the first role is open
  const first = roles.data?.[0];
  const editing: Editing | null = chosen ?? (first ? { kind: 'role', role: first } : null);
  const [dirty, setDirty] = useState(false);
  const { disarm } = useLeavePageGuard(dirty);
  usePageTitle(t('roles.title'));

  const manage = can({ permissions: ['Setting.ManagePermissions'] });
  const customRolesAllowed = can({ permissions: ['Plan.Roles'] });
  const locked = editing?.kind === 'role' && editing.role.systemKey === 'Admin';
  const readOnly = !manage || locked;

  const editingKey =
    editing?.kind === 'role' ? `${editing.role.id}:${editing.role.name}:${editing.role.permissions.join(',')}` : (editing?.kind ?? '');
  useEffect(() => {
    if (!editing) return;
    form.setFieldsValue(
      editing.kind === 'role' ? { name: editing.role.name, permissions: editing.role.permissions } : { name: '', permissions: [] },
    );
    // keyed by content: `editing` is a new object on every render while no role is chosen
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editingKey, form]);

  const select = async (next: Editing) => {
    if (
      dirty &&
      !(await confirm({
        title: t('leaveGuard.title'),
        description: t('leaveGuard.description'),
        okText: t('leaveGuard.ok'),
        cancelText: t('leaveGuard.cancel'),
      }))
    )
      return;
    setDirty(false);
    setEditing(next);
  };

  const onFinish = (values: RoleWrite) => {
    const body = { name: values.name.trim(), permissions: values.permissions ?? [] };
    const done = (role: Role) => {
      disarm();
      setDirty(false);
      setEditing({ kind: 'role', role });
      message.success(t('roles.saved'));
    };
    const fail = (error: unknown) => {
      if (!applyFieldErrors(form, error, t, ['name', 'permissions']))
        message.error(isApiError(error) ? errorText(t, error.code) : t('roles.saveFailed'));
    };
    if (editing?.kind === 'role') update.mutate({ id: editing.role.id, body }, { onSuccess: (r) => done(r), onError: fail });
    else create.mutate(body, { onSuccess: (r) => done(r), onError: fail });
  };

  const onDelete = async (role: Role) => {
    const ok = await confirm({
      title: t('roles.deleteTitle', { name: role.name }),
      description: t('roles.deleteText'),
      okText: t('common.delete'),
      danger: true,
    });
    if (!ok) return;
    remove.mutate(role.id, {
      onSuccess: () => {
        setDirty(false);
        setEditing(null);
        message.success(t('roles.deleted'));
      },
      onError: (error) => message.error(isApiError(error) ? errorText(t, error.code) : t('roles.deleteFailed')),
    });
  };

  const selectedId = editing?.kind === 'role' ? editing.role.id : null;

  return (
    <div className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {t('roles.title')}
        </Typography.Title>
        {manage ? (
          <Button type="primary" icon={<PlusOutlined />} disabled={!customRolesAllowed} onClick={() => void select({ kind: 'new' })}>
            {t('roles.add')}
          </Button>
        ) : null}
      </div>
      {manage && !customRolesAllowed ? <Alert type="info" showIcon message={t('roles.proHint')} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={7}>
          <Card title={<h2 className="card-heading">{t('roles.list')}</h2>}>
            {roles.isPending ? (
              <Skeleton active />
            ) : (
              <List<Role>
                dataSource={roles.data ?? []}
                renderItem={(r) => (
                  <List.Item className={r.id === selectedId ? 'role-item selected' : 'role-item'}>
                    <Button
                      type={r.id === selectedId ? 'primary' : 'text'}
                      ghost={r.id === selectedId}
                      block
                      style={{ textAlign: 'start' }}
                      aria-current={r.id === selectedId}
                      onClick={() => void select({ kind: 'role', role: r })}
                    >
                      {roleName(r)} {r.systemKey ? <Tag style={{ marginInlineStart: 8 }}>{t('roles.system')}</Tag> : null}
                    </Button>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} md={17}>
          <Card
            title={
              <h2 className="card-heading">
                {editing?.kind === 'new' ? t('roles.newRole') : editing?.kind === 'role' ? roleName(editing.role) : ''}
              </h2>
            }
            extra={
              editing?.kind === 'role' && !editing.role.systemKey && manage ? (
                <Button danger icon={<DeleteOutlined />} onClick={() => void onDelete(editing.role)}>
                  {t('common.delete')}
                </Button>
              ) : null
            }
          >
            {!editing ? (
              <Empty />
            ) : (
              <Form<RoleWrite> form={form} layout="vertical" disabled={readOnly} onValuesChange={() => setDirty(true)} onFinish={onFinish}>
                {locked ? (
                  <Alert type="info" showIcon icon={<LockOutlined />} message={t('roles.adminLocked')} style={{ marginBottom: 16 }} />
                ) : null}
                <Form.Item
                  name="name"
                  label={t('roles.name')}
                  rules={[{ required: true, whitespace: true, message: errorText(t, 'required') }, maxLengthRule(t, LIMITS.nameMax)]}
                >
                  <Input />
                </Form.Item>
                <Form.Item name="permissions" label={t('roles.permissions')}>
                  <PermissionChecklist />
                </Form.Item>
                {!readOnly ? (
                  <Space>
                    <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
                      {t('common.save')}
                    </Button>
                  </Space>
                ) : null}
              </Form>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}

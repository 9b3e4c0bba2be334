import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { HELPDESK_ROLES, helpdeskEntity, type HelpdeskMember, type HelpdeskRole } from '@atrium/domain';
import { Alert, App, Button, Form, Select, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../platform/api/api-error';
import { useConfirm } from '../../platform/confirm/confirm-modal';
import { ReferencePicker } from '../../platform/entity/reference-picker';
import { EmptyState } from '../../platform/feedback/empty-state';
import { applyFieldErrors, errorText } from '../../platform/feedback/form-errors';
import { useAccess } from '../../platform/permissions/use-access';
import { useAddHelpdeskMember, useChangeHelpdeskMember, useHelpdeskMembers, useRemoveHelpdeskMember } from './helpdesk-members.api';

type AddForm = { tenantUserId: string; role: HelpdeskRole };

// A helpdesk's members and their roles (decision 094 round six, Helpdesk Pro's roles): who works
// this helpdesk, as a Viewer, an Agent or a Supervisor; the role adds to their workspace
// permissions here. Added, changed and removed (asked first) with the settings permission.
export function HelpdeskMembers({ helpdeskId }: { helpdeskId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { ready, can } = useAccess();
  const members = useHelpdeskMembers(helpdeskId);
  const [form] = Form.useForm<AddForm>();
  const add = useAddHelpdeskMember(helpdeskId);
  const change = useChangeHelpdeskMember(helpdeskId);
  const remove = useRemoveHelpdeskMember(helpdeskId);
  if (!ready) return <Skeleton active />;
  const planned = can({ permissions: ['Plan.Roles'] });
  const canManage = planned && can({ permissions: [helpdeskEntity.permissions.settings] });
  const fail = (e: unknown) => message.error(isApiError(e) ? errorText(t, e.code) : t('helpdesk.members.saveFailed'));
  const roleOptions = HELPDESK_ROLES.map((r) => ({ value: r, label: t(`helpdesk.members.roles.${r}`) }));

  const onAdd = async (values: AddForm) => {
    try {
      await add.mutateAsync(values);
      form.resetFields();
      message.success(t('helpdesk.members.added'));
    } catch (e) {
      if (!applyFieldErrors(form, e, t, ['tenantUserId', 'role'])) fail(e);
    }
  };
  const onRemove = async (m: HelpdeskMember) => {
    const ok = await confirm({
      title: t('helpdesk.members.removeConfirm', { name: m.user.title }),
      okText: t('helpdesk.members.remove'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(m.tenantUserId);
      message.success(t('helpdesk.members.removed'));
    } catch (e) {
      fail(e);
    }
  };

  return (
    <section aria-labelledby="helpdesk-members-heading">
      <Typography.Title level={2} id="helpdesk-members-heading" style={{ fontSize: 16 }}>
        {t('helpdesk.members.heading')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('helpdesk.members.intro')}</Typography.Paragraph>
      {!planned ? <Alert type="info" showIcon message={t('helpdesk.members.planRequired')} style={{ marginBottom: 12 }} /> : null}
      {members.isError ? <Alert type="error" showIcon message={t('helpdesk.members.loadFailed')} /> : null}
      <Table<HelpdeskMember>
        rowKey="tenantUserId"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={members.isPending}
        dataSource={members.data ?? []}
        locale={{ emptyText: <EmptyState description={t('helpdesk.members.none')} /> }}
        columns={[
          { key: 'user', title: t('helpdesk.members.member'), render: (_, m) => m.user.title },
          {
            key: 'role',
            title: t('helpdesk.members.role'),
            render: (_, m) =>
              canManage ? (
                <Select
                  aria-label={t('helpdesk.members.roleOf', { name: m.user.title })}
                  value={m.role}
                  options={roleOptions}
                  style={{ minWidth: 160 }}
                  onChange={(role: HelpdeskRole) =>
                    change.mutate(
                      { tenantUserId: m.tenantUserId, role },
                      { onSuccess: () => message.success(t('helpdesk.members.changed')), onError: fail },
                    )
                  }
                />
              ) : (
                t(`helpdesk.members.roles.${m.role}`)
              ),
          },
          ...(canManage
            ? [
                {
                  key: 'actions',
                  title: '',
                  render: (_: unknown, m: HelpdeskMember) => (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('helpdesk.members.removeOne', { name: m.user.title })}
                      onClick={() => void onRemove(m)}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {canManage ? (
        <Form<AddForm> form={form} layout="inline" onFinish={(v) => void onAdd(v)} style={{ marginTop: 12, rowGap: 8 }}>
          <Form.Item
            name="tenantUserId"
            label={t('helpdesk.members.member')}
            rules={[{ required: true, message: t('errorCodes.required') }]}
          >
            <ReferencePicker lookup="User" aria-label={t('helpdesk.members.member')} placeholder={t('helpdesk.members.pickUser')} />
          </Form.Item>
          <Form.Item name="role" label={t('helpdesk.members.role')} rules={[{ required: true, message: t('errorCodes.required') }]}>
            <Select options={roleOptions} style={{ minWidth: 160 }} aria-label={t('helpdesk.members.role')} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
              {t('helpdesk.members.add')}
            </Button>
          </Form.Item>
        </Form>
      ) : null}
    </section>
  );
}

import { LIMITS, MODAL_WIDTH, type WorkspaceUserCreate } from '@atrium/domain';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, errorText, maxLengthRule } from '../../../platform/feedback/form-errors';
import { useRoles } from '../roles/roles.api';
import { useInviteUser } from './users.api';

export function InviteUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<WorkspaceUserCreate>();
  const roles = useRoles(open);
  const invite = useInviteUser();
  const defaultRole = roles.data?.find((r) => r.systemKey === 'Member')?.id;
  // The roles arrive after the dialog opens; fill the default without touching what was typed.
  useEffect(() => {
    if (open && defaultRole && !form.getFieldValue('roleId')) form.setFieldValue('roleId', defaultRole);
  }, [open, defaultRole, form]);

  const onFinish = (values: WorkspaceUserCreate) =>
    invite.mutate(
      { email: values.email.trim(), roleId: values.roleId },
      {
        onSuccess: () => {
          message.success(t('users.invited', { email: values.email.trim() }));
          onClose();
        },
        onError: (error) => {
          if (!applyFieldErrors(form, error, t, ['email', 'roleId'])) message.error(t('users.inviteFailed'));
        },
      },
    );

  return (
    <Modal
      open={open}
      width={MODAL_WIDTH}
      title={t('users.inviteTitle')}
      okText={t('users.sendInvite')}
      cancelText={t('common.cancel')}
      confirmLoading={invite.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<WorkspaceUserCreate>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        preserve={false}
        initialValues={{ email: '', roleId: defaultRole }}
      >
        <Form.Item
          name="email"
          label={t('users.email')}
          rules={[
            { required: true, message: errorText(t, 'required') },
            { type: 'email', message: errorText(t, 'invalidEmail') },
            maxLengthRule(t, LIMITS.emailMax),
          ]}
        >
          <Input type="email" autoComplete="off" autoFocus />
        </Form.Item>
        <Form.Item name="roleId" label={t('users.role')} rules={[{ required: true, message: errorText(t, 'required') }]}>
          <Select loading={roles.isPending} options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

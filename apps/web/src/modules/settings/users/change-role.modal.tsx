import { MODAL_WIDTH, type WorkspaceUser } from '@atrium/domain';
import { App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../platform/api/api-error';
import { errorText } from '../../../platform/feedback/form-errors';
import { useRoles } from '../roles/roles.api';
import { useChangeUserRole } from './users.api';

export function ChangeRoleModal({ user, onClose }: { user: WorkspaceUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ roleId: string }>();
  const roles = useRoles(user !== null);
  const change = useChangeUserRole();

  const onFinish = ({ roleId }: { roleId: string }) => {
    if (!user) return;
    change.mutate(
      { id: user.tenantUserId, roleId },
      {
        onSuccess: () => {
          message.success(t('users.roleChanged'));
          onClose();
        },
        onError: (error) => message.error(isApiError(error) ? errorText(t, error.code) : t('users.roleChangeFailed')),
      },
    );
  };

  return (
    <Modal
      open={user !== null}
      width={MODAL_WIDTH}
      title={t('users.changeRoleTitle', { name: user?.name ?? user?.email ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onFinish} preserve={false} initialValues={{ roleId: user?.roleId }}>
        <Form.Item name="roleId" label={t('users.role')} rules={[{ required: true, message: errorText(t, 'required') }]}>
          <Select loading={roles.isPending} options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

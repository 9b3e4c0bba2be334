import { MODAL_WIDTH, isContentBlock, type ContactCreate } from '@atrium/domain';
import { App, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useEntityFields } from '../../platform/entity-fields/entity-fields.api';
import { applyEntityFieldErrors } from '../../platform/entity-fields/entity-form-errors';
import { errorText } from '../../platform/feedback/form-errors';
import { isApiError } from '../../platform/api/api-error';
import { useAccess } from '../../platform/permissions/use-access';
import { CONTACT_BUILTINS, ContactBuiltinItems, ContactCustomItems } from './contact-form-items';
import { useCreateContact } from './contacts.api';
import { contactPath } from './contacts.definition';

type Values = Partial<Record<(typeof CONTACT_BUILTINS)[number], string>> & { customFields?: Record<string, unknown> };

export function CreateContactModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { can } = useAccess();
  const [form] = Form.useForm<Values>();
  const fields = useEntityFields('Contact');
  const create = useCreateContact();
  const custom = fields.data ?? [];
  // a new contact starts with each field's default value
  const defaults = Object.fromEntries(
    custom
      .filter((f) => !isContentBlock(f.kind) && f.defaultValue !== undefined && f.defaultValue !== null)
      .map((f) => [f.key, f.defaultValue]),
  );

  const submit = (values: Values) => {
    const { customFields, ...builtins } = values;
    // unset inputs mean "no value"; the server applies defaults to fields it was not sent
    const sent = Object.fromEntries(Object.entries(customFields ?? {}).filter(([, v]) => v !== undefined && v !== null));
    create.mutate(
      { ...(builtins as ContactCreate), customFields: sent },
      {
        onSuccess: (contact) => {
          onClose();
          message.success(t('contacts.created'));
          navigate(contactPath(contact.id));
        },
        onError: (error) => {
          const keys = custom.map((f) => f.key);
          if (!applyEntityFieldErrors(form, error, t, CONTACT_BUILTINS, keys))
            message.error(isApiError(error) ? errorText(t, error.code) : t('contacts.saveFailed'));
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      width={MODAL_WIDTH + 200}
      title={t('contacts.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" preserve={false} onFinish={submit} initialValues={{ customFields: defaults }}>
        <ContactBuiltinItems disabled={false} only={['firstName', 'lastName', 'email', 'phone', 'organization']} />
        <ContactCustomItems
          fields={custom}
          disabled={false}
          canManageRestricted={can({ permissions: ['Contact.ManageRestrictedFields'] })}
        />
      </Form>
    </Modal>
  );
}

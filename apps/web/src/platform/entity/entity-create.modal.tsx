import { MODAL_WIDTH, isContentBlock, type EntityRecord } from '@atrium/domain';
import { App, Col, Form, Modal, Row } from 'antd';
import { isApiError } from '../api/api-error';
import { CustomFieldItem } from '../entity-fields/custom-field-item';
import { fieldsForType, useAllEntityFields } from '../entity-fields/entity-fields.api';
import { applyEntityFieldErrors } from '../entity-fields/entity-form-errors';
import { errorText } from '../feedback/form-errors';
import { useAccess } from '../permissions/use-access';
import { BuiltinFieldItem } from './builtin-field-item';
import { DuplicateWarning } from './duplicates';
import type { EntityApi } from './entity-api';
import { useEntityText } from './entity-text';
import { ReferencePicker } from './reference-picker';

type Values = Record<string, unknown> & { customFields?: Record<string, unknown> };

// A new record: the kind's required and "quick" built-in fields (derived from the definition),
// its type, and the custom fields that apply to that type, each starting at its default value.
export function EntityCreateModal({
  api,
  open,
  onClose,
  onCreated,
  initialValues,
}: {
  api: EntityApi;
  open: boolean;
  onClose: () => void;
  onCreated: (record: EntityRecord) => void;
  // e.g. the parent when a child is created from its parent's page
  initialValues?: Record<string, unknown>;
}) {
  const { definition } = api;
  const { t, text } = useEntityText(definition);
  const { message } = App.useApp();
  const { can } = useAccess();
  const [form] = Form.useForm<Values>();
  const all = useAllEntityFields(definition.kind);
  const create = api.useCreate();
  const typeId = Form.useWatch('typeId', form) as string | null | undefined;
  const custom = definition.capabilities.customFields ? fieldsForType(all.data ?? [], typeId ?? null) : [];
  const names = definition.writableFields.filter((k) => {
    const f = definition.fields[k];
    return f?.form && (f.required || f.quick);
  });
  const defaults = Object.fromEntries(
    custom
      .filter((f) => !isContentBlock(f.kind) && f.defaultValue !== undefined && f.defaultValue !== null)
      .map((f) => [f.key, f.defaultValue]),
  );

  const submit = (values: Values) => {
    const { customFields, ...builtins } = values;
    // unset inputs mean "no value"; the server applies defaults to fields it was not sent
    const keys = new Set(custom.map((f) => f.key));
    const sent = Object.fromEntries(Object.entries(customFields ?? {}).filter(([k, v]) => keys.has(k) && v !== undefined && v !== null));
    const body = { ...builtins, ...(definition.capabilities.customFields ? { customFields: sent } : {}) };
    create.mutate(body, {
      onSuccess: (record) => {
        onClose();
        message.success(text('entity.created'));
        onCreated(record);
      },
      onError: (error) => {
        if (!applyEntityFieldErrors(form, error, t, [...names, 'typeId'], [...keys]))
          message.error(isApiError(error) ? errorText(t, error.code) : text('entity.saveFailed'));
      },
    });
  };

  return (
    <Modal
      open={open}
      width={MODAL_WIDTH + 200}
      title={text('entity.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name={`create-${definition.kind}`}
        layout="vertical"
        preserve={false}
        onFinish={submit}
        initialValues={{ ...initialValues, customFields: defaults }}
      >
        <Row gutter={16}>
          {definition.types ? (
            <Col xs={24} md={12}>
              <Form.Item name="typeId" label={t('entity.field.typeId')}>
                <ReferencePicker lookup={`${definition.kind}Type`} />
              </Form.Item>
            </Col>
          ) : null}
          {names.map((key) => (
            <Col key={key} xs={24} md={definition.fields[key]?.kind === 'longText' ? 24 : 12}>
              <BuiltinFieldItem definition={definition} name={key} disabled={false} />
            </Col>
          ))}
        </Row>
        <DuplicateWarning api={api} form={form} />
        {/* the form's default button: Enter in a field saves, as in any dialog (issue 26, item 3) */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        {custom.map((f) => (
          <CustomFieldItem
            key={f.id}
            field={f}
            disabled={f.restricted && !can({ permissions: [definition.permissions.manageRestricted] })}
          />
        ))}
      </Form>
    </Modal>
  );
}

import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ENTITY_TYPE_LIMITS, type EntityDefinition, type EntityType, type EntityTypeInput } from '@atrium/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, List, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { apiRequest } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { useConfirm } from '../confirm/confirm-modal';
import { EntityFieldsSettings } from '../entity-fields/entity-fields-settings';
import { entityFieldKeys } from '../entity-fields/entity-fields.api';
import { EmptyState } from '../feedback/empty-state';
import { applyFieldErrors, errorText } from '../feedback/form-errors';
import { useAccess } from '../permissions/use-access';
import { useEntityText } from './entity-text';
import { recordTypeKeys, useRecordTypes } from './use-record-types';

// The record types of a kind (e.g. contact types): create, rename, delete when no record has the
// type, and the custom fields each type adds to the common ones.
export function RecordTypesSettings({ definition }: { definition: EntityDefinition }) {
  const { t, text } = useEntityText(definition);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const qc = useQueryClient();
  const { can } = useAccess();
  const types = useRecordTypes(definition);
  const [editing, setEditing] = useState<EntityType | null | false>(false);
  const [fieldsOf, setFieldsOf] = useState<EntityType | null>(null);
  const [form] = Form.useForm<EntityTypeInput>();
  const base = definition.types?.basePath ?? '';
  const p = definition.permissions;
  const canManage = can({ permissions: [p.settings] });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: recordTypeKeys.all(definition.kind) });
    void qc.invalidateQueries({ queryKey: entityFieldKeys.all(definition.kind) });
  };
  const save = useMutation({
    mutationFn: (v: { id?: string; body: EntityTypeInput }) =>
      apiRequest<EntityType>(v.id ? `${base}/${v.id}` : base, { method: v.id ? 'PUT' : 'POST', body: v.body }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => apiRequest<void>(`${base}/${id}`, { method: 'DELETE' }), onSuccess: refresh });
  const failed = (e: unknown) => message.error(isApiError(e) ? errorText(t, e.code) : t('entity.saveFailed'));

  const onDelete = async (type: EntityType) => {
    const ok = await confirm({
      title: t('types.deleteTitle', { name: type.name }),
      description: t('types.deleteText'),
      okText: t('common.delete'),
      danger: true,
    });
    if (ok) remove.mutate(type.id, { onError: failed });
  };

  if (fieldsOf) {
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button type="link" style={{ paddingInline: 0 }} onClick={() => setFieldsOf(null)}>
          {t('types.back')}
        </Button>
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          {t('types.fieldsOf', { name: fieldsOf.name })}
        </Typography.Title>
        <EntityFieldsSettings
          entity={definition.kind}
          typeId={fieldsOf.id}
          managePermission={p.settings}
          restrictedPermission={p.manageRestricted}
        />
      </Space>
    );
  }

  return (
    <Card
      title={t('types.title')}
      extra={
        canManage ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              form.resetFields();
              setEditing(null);
            }}
          >
            {t('types.add')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{text('types.intro')}</Typography.Paragraph>
      <List<EntityType>
        loading={types.isPending}
        dataSource={types.data ?? []}
        locale={{ emptyText: <EmptyState description={t('types.empty')} /> }}
        renderItem={(type) => (
          <List.Item
            actions={[
              <Button key="fields" onClick={() => setFieldsOf(type)}>
                {t('types.fields')}
              </Button>,
              ...(canManage
                ? [
                    <Button
                      key="edit"
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={t('types.editNamed', { name: type.name })}
                      onClick={() => {
                        form.setFieldsValue({ name: type.name, description: type.description });
                        setEditing(type);
                      }}
                    />,
                    <Button
                      key="delete"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('types.deleteNamed', { name: type.name })}
                      onClick={() => void onDelete(type)}
                    />,
                  ]
                : []),
            ]}
          >
            <List.Item.Meta
              title={type.name}
              description={[type.description, t('types.records', { count: type.records })].filter(Boolean).join(' · ')}
            />
          </List.Item>
        )}
      />
      <Modal
        open={editing !== false}
        title={editing ? t('types.edit') : t('types.add')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form<EntityTypeInput>
          form={form}
          layout="vertical"
          onFinish={(body) =>
            save.mutate(
              { ...(editing ? { id: editing.id } : {}), body },
              {
                onSuccess: () => setEditing(false),
                onError: (e) => {
                  if (!applyFieldErrors(form, e, t, ['name', 'description'])) failed(e);
                },
              },
            )
          }
        >
          <Form.Item
            name="name"
            label={t('types.name')}
            rules={[
              { required: true, whitespace: true, message: errorText(t, 'required') },
              { max: ENTITY_TYPE_LIMITS.nameMax, message: errorText(t, 'maxLength', { max: ENTITY_TYPE_LIMITS.nameMax }) },
            ]}
          >
            <Input count={{ show: true, max: ENTITY_TYPE_LIMITS.nameMax }} />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('types.description')}
            rules={[
              { max: ENTITY_TYPE_LIMITS.descriptionMax, message: errorText(t, 'maxLength', { max: ENTITY_TYPE_LIMITS.descriptionMax }) },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

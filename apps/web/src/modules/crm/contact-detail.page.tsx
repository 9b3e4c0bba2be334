import { isContentBlock, type Contact, type ContactCreate, type EntityField } from '@atrium/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Row, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { activityKeys } from '../../platform/entity/activity.api';
import { CollaboratorsPanel } from '../../platform/collaborators/collaborators.panel';
import { DocumentsPanel } from '../../platform/documents/documents.panel';
import { ActivityTimeline } from '../../platform/entity/activity-timeline';
import type { EntityDetailDefinition } from '../../platform/entity/entity-definition';
import { EntityDetailPage } from '../../platform/entity/entity-detail.page';
import { useEntityFields } from '../../platform/entity-fields/entity-fields.api';
import { applyEntityFieldErrors } from '../../platform/entity-fields/entity-form-errors';
import { customKeyOf } from '../../platform/entity-fields/field-value';
import { errorText } from '../../platform/feedback/form-errors';
import { useLeavePageGuard } from '../../platform/leave-guard/leave-page-guard';
import { LinkedRecordsPanel } from '../../platform/linked-records/linked-records.panel';
import { NotesPanel } from '../../platform/notes/notes.panel';
import { TagsPanel } from '../../platform/tags/tags.panel';
import { useAccess } from '../../platform/permissions/use-access';
import { useWorkflows } from '../../platform/workflows/workflows.api';
import { CONTACT_BUILTINS, ContactBuiltinItems, ContactCustomItems } from './contact-form-items';
import { contactKeys, fetchContact, useUpdateContact } from './contacts.api';
import { contactName } from './contacts.definition';

type Values = Partial<Record<(typeof CONTACT_BUILTINS)[number], string | null>> & {
  workflowStage?: string | null;
  customFields?: Record<string, unknown>;
};

const definition: EntityDetailDefinition<Contact> = {
  titleOf: contactName,
  queryKey: contactKeys.detail,
  fetch: fetchContact,
  backPath: '/contacts',
  backLabelKey: 'contacts.back',
  fields: [
    { key: 'email', labelKey: 'contacts.field.email', render: (c) => c.email ?? '—' },
    { key: 'phone', labelKey: 'contacts.field.phone', render: (c) => c.phone ?? '—' },
    { key: 'organization', labelKey: 'contacts.field.organization', render: (c) => c.organization ?? '—' },
  ],
};

// The fields panel: built-in and custom fields in one form, saved with the version it was
// loaded from. Keyed by that version, so a save or a reload starts it afresh (and clean).
function ContactFieldsForm({ contact, fields }: { contact: Contact; fields: EntityField[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { can } = useAccess();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const update = useUpdateContact(contact.id);
  const workflows = useWorkflows('Contact');
  const { disarm } = useLeavePageGuard(dirty);
  const canEdit = can({ permissions: ['Contact.ManageContacts'] });
  const canManageRestricted = can({ permissions: ['Contact.ManageRestrictedFields'] });
  const stages = (workflows.data ?? []).flatMap((w) =>
    w.stages.map((s) => ({ value: s.id, label: (workflows.data?.length ?? 0) > 1 ? `${w.name}: ${s.name}` : s.name })),
  );

  const initial: Values = {
    ...Object.fromEntries(CONTACT_BUILTINS.map((k) => [k, contact[k] ?? undefined])),
    workflowStage: contact.workflowStage ?? null,
    customFields: contact.customFields,
  };

  const submit = (values: Values) => {
    const { customFields, workflowStage, ...builtins } = values;
    // the whole record is written: fields not on the form (hidden ones) keep their stored values
    const merged: Record<string, unknown> = { ...contact.customFields };
    for (const [k, v] of Object.entries(customFields ?? {})) merged[k] = v === undefined ? null : v;
    const body = {
      ...(builtins as ContactCreate),
      ...(contact.details ? { details: contact.details } : {}),
      ...(workflowStage !== undefined ? { workflowStage } : {}),
      customFields: merged,
    } as ContactCreate;
    update.mutate(
      { body, version: contact.version },
      {
        onSuccess: () => {
          disarm();
          message.success(t('contacts.saved'));
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 412) {
            // someone else saved first: show their version rather than overwrite it
            disarm();
            message.warning(t('contacts.staleWrite'));
            void qc.invalidateQueries({ queryKey: contactKeys.detail(contact.id) });
            void qc.invalidateQueries({ queryKey: activityKeys.record('Contact', contact.id) });
            return;
          }
          if (
            !applyEntityFieldErrors(
              form,
              error,
              t,
              [...CONTACT_BUILTINS, 'workflowStage'],
              fields.map((f) => f.key),
            )
          ) {
            message.error(isApiError(error) ? errorText(t, error.code) : t('contacts.saveFailed'));
          }
        },
      },
    );
  };

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('contacts.details')}
        </Typography.Title>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        onValuesChange={() => setDirty(true)}
        disabled={!canEdit}
      >
        <ContactBuiltinItems disabled={!canEdit} />
        {stages.length > 0 ? (
          <Form.Item name="workflowStage" label={t('contacts.field.workflowStage')}>
            <Select allowClear options={stages} style={{ maxWidth: 320 }} />
          </Form.Item>
        ) : null}
        {fields.some((f) => !f.hidden) ? (
          <Typography.Title level={3} style={{ fontSize: 15, marginTop: 8 }}>
            {t('contacts.customFields')}
          </Typography.Title>
        ) : null}
        <ContactCustomItems
          fields={fields}
          disabled={!canEdit}
          canManageRestricted={canManageRestricted}
          record={{ entityKind: 'Contact', entityId: contact.id }}
        />
        {canEdit ? (
          <Space>
            <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!dirty}>
              {t('common.save')}
            </Button>
            <Button
              disabled={!dirty}
              onClick={() => {
                form.resetFields();
                setDirty(false);
              }}
            >
              {t('common.discard')}
            </Button>
          </Space>
        ) : null}
      </Form>
    </Card>
  );
}

const LINKABLE_KINDS = ['Contact'] as const;
const recordPath = (kind: string, id: string) => (kind === 'Contact' ? `/contacts/${id}` : undefined);

function ContactPanels({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const record = { entityKind: 'Contact', entityId: contact.id } as const;
  const fields = useEntityFields('Contact');
  const labels = useMemo(
    () => new Map((fields.data ?? []).filter((f) => !isContentBlock(f.kind)).map((f) => [f.key, f.label])),
    [fields.data],
  );
  const fieldLabel = (field: string) => {
    const custom = customKeyOf(field);
    return custom !== null ? (labels.get(custom) ?? custom) : t(`contacts.field.${field}`, { defaultValue: field });
  };
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} lg={14}>
        {fields.data ? <ContactFieldsForm key={contact.version} contact={contact} fields={fields.data} /> : null}
      </Col>
      <Col xs={24} lg={10}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <TagsPanel record={record} canEdit={can({ permissions: ['Contact.ManageContacts'] })} />
          <CollaboratorsPanel record={record} />
          <LinkedRecordsPanel record={record} kinds={LINKABLE_KINDS} pathOf={recordPath} />
        </Space>
      </Col>
      <Col xs={24} lg={14}>
        <NotesPanel record={record} canAdd={can({ anyPermission: ['Contact.AddNote', 'Contact.ManageNotes'] })} />
      </Col>
      <Col xs={24} lg={10}>
        {can({ permissions: ['Contact.ViewTimeline'] }) ? (
          <ActivityTimeline target="Contact" targetId={contact.id} fieldLabel={fieldLabel} />
        ) : null}
      </Col>
      <Col xs={24}>
        <DocumentsPanel record={record} canAdd={can({ anyPermission: ['Contact.AddDocument', 'Contact.ManageDocuments'] })} />
      </Col>
    </Row>
  );
}

export default function ContactDetailPage() {
  const { id = '' } = useParams();
  return <EntityDetailPage definition={definition} id={id} panels={(contact) => <ContactPanels contact={contact} />} />;
}

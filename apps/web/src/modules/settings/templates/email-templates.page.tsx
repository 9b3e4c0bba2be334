import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  EMAIL_BODY_MAX,
  EMAIL_SUBJECT_MAX,
  EMAIL_TEMPLATE_NAME_MAX,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateWrite,
  type EntityKind,
} from '@atrium/domain';
import { App, Button, Card, Dropdown, Form, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../platform/api/api-error';
import { useConfirm } from '../../../platform/confirm/confirm-modal';
import { webEntities, kindNames } from '../../../platform/entity/web-entity';
import { ReferencePicker } from '../../../platform/entity/reference-picker';
import { applyFieldErrors, errorText, maxLengthRule } from '../../../platform/feedback/form-errors';
import { usePageTitle } from '../../../platform/feedback/use-page-title';
import { previewEmail, useDeleteTemplate, useEmailTemplates, useMergeFields, useSaveTemplate } from '../../../platform/mail/mail.api';
import { useAccess } from '../../../platform/permissions/use-access';

const mailKinds = () => webEntities().filter((e) => e.definition.capabilities.email);

function TemplateEditor({ template, onClose }: { template: EmailTemplate | { entityKind: EntityKind }; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EmailTemplateWrite>();
  const kind = (Form.useWatch('entityKind', form) ?? template.entityKind) as EntityKind;
  const fields = useMergeFields(kind);
  const save = useSaveTemplate();
  const [recordId, setRecordId] = useState<string | null>(null);
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const [target, setTarget] = useState<'subject' | 'body'>('body');
  const id = 'id' in template ? template.id : undefined;

  const insert = (key: string) => {
    const current = form.getFieldValue(target) ?? '';
    form.setFieldValue(target, `${current}{{${key}}}`);
  };
  const onFinish = (v: EmailTemplateWrite) =>
    save.mutate(
      { id, body: v },
      {
        onSuccess: () => {
          message.success(t('templates.saved'));
          onClose();
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e, t, ['entityKind', 'name', 'subject', 'body']))
            message.error(isApiError(e) ? errorText(t, e.code) : t('templates.saveFailed'));
        },
      },
    );
  const showPreview = async () => {
    if (!recordId) return;
    const v = form.getFieldsValue();
    try {
      setPreview(await previewEmail({ entityKind: kind, entityId: recordId, subject: v.subject ?? '', body: v.body ?? '' }));
    } catch (e) {
      message.error(isApiError(e) ? errorText(t, e.code) : t('email.previewFailed'));
    }
  };

  return (
    <Modal
      open
      width={760}
      title={t(id ? 'templates.edit' : 'templates.new')}
      onCancel={onClose}
      okText={t('common.save')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
    >
      <Form<EmailTemplateWrite>
        form={form}
        layout="vertical"
        initialValues={'id' in template ? template : { entityKind: template.entityKind, name: '', subject: '', body: '' }}
        onFinish={onFinish}
      >
        <Form.Item name="entityKind" label={t('templates.kind')}>
          <Select
            disabled={Boolean(id)}
            options={mailKinds().map((e) => ({ value: e.definition.kind, label: t(kindNames(e.definition).plural) }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('templates.name')}
          rules={[{ required: true, whitespace: true, message: errorText(t, 'required') }, maxLengthRule(t, EMAIL_TEMPLATE_NAME_MAX)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="subject"
          label={t('email.subject')}
          rules={[{ required: true, whitespace: true, message: errorText(t, 'required') }, maxLengthRule(t, EMAIL_SUBJECT_MAX)]}
        >
          <Input onFocus={() => setTarget('subject')} />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('email.body')}
          rules={[{ required: true, whitespace: true, message: errorText(t, 'required') }, maxLengthRule(t, EMAIL_BODY_MAX)]}
        >
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} onFocus={() => setTarget('body')} />
        </Form.Item>
      </Form>
      <Space wrap style={{ marginBottom: 12 }}>
        <Dropdown
          trigger={['click']}
          menu={{
            items: (fields.data ?? []).map((f) => ({ key: f.key, label: f.caption ? t(f.label) : f.label })),
            onClick: ({ key }) => insert(key),
            style: { maxHeight: 320, overflowY: 'auto' },
          }}
        >
          <Button>{t('templates.insertField')}</Button>
        </Dropdown>
        <div style={{ minWidth: 220 }}>
          <ReferencePicker
            lookup={kind}
            value={recordId}
            onChange={(v) => setRecordId(typeof v === 'string' ? v : null)}
            placeholder={t('templates.previewRecord')}
            aria-label={t('templates.previewRecord')}
          />
        </div>
        <Button disabled={!recordId} onClick={() => void showPreview()}>
          {t('email.preview')}
        </Button>
      </Space>
      {preview ? (
        <Card size="small" title={t('email.previewTitle')} role="region" aria-label={t('email.previewTitle')}>
          <Typography.Paragraph strong>{preview.subject}</Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{preview.text}</Typography.Paragraph>
        </Card>
      ) : null}
    </Modal>
  );
}

// Settings → E-mail templates: per entity kind, with merge fields and a preview for a record.
export default function EmailTemplatesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const { can } = useAccess();
  const templates = useEmailTemplates();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<EmailTemplate | { entityKind: EntityKind } | null>(null);
  usePageTitle(t('templates.title'));
  const manage = can({ permissions: ['Setting.ManageTemplates'] });
  const first = mailKinds()[0]?.definition.kind ?? 'Contact';
  const kindLabel = (kind: string) => {
    const e = mailKinds().find((x) => x.definition.kind === kind);
    return e ? t(kindNames(e.definition).plural) : kind;
  };

  return (
    <div className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {t('templates.title')}
        </Typography.Title>
        {manage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ entityKind: first })}>
            {t('templates.new')}
          </Button>
        ) : null}
      </div>
      <Card>
        <Table<EmailTemplate>
          rowKey="id"
          loading={templates.isLoading}
          dataSource={templates.data?.data ?? []}
          pagination={false}
          columns={[
            { key: 'name', title: t('templates.name'), dataIndex: 'name' },
            { key: 'kind', title: t('templates.kind'), responsive: ['md'], render: (_, r) => kindLabel(r.entityKind) },
            { key: 'subject', title: t('email.subject'), dataIndex: 'subject', responsive: ['lg'] },
            ...(manage
              ? [
                  {
                    key: 'actions',
                    title: '',
                    render: (_: unknown, r: EmailTemplate) => (
                      <Space>
                        <Button
                          icon={<EditOutlined />}
                          aria-label={t('templates.editNamed', { name: r.name })}
                          onClick={() => setEditing(r)}
                        />
                        <Button
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('templates.deleteNamed', { name: r.name })}
                          onClick={async () => {
                            const ok = await confirm({
                              title: t('templates.deleteTitle', { name: r.name }),
                              okText: t('common.delete'),
                              danger: true,
                            });
                            if (ok) remove.mutate(r.id, { onSuccess: () => message.success(t('templates.deleted')) });
                          }}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {editing ? <TemplateEditor template={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

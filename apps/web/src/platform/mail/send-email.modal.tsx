import type { EmailPreview, EntityDefinition, EntityRecord } from '@atrium/domain';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX } from '@atrium/domain';
import { App, Button, Card, Checkbox, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { applyFieldErrors, errorText, maxLengthRule } from '../feedback/form-errors';
import { previewEmail, useEmailTemplates, useRecordFiles, useSendEmail } from './mail.api';

type Values = { to: string[]; templateId?: string; subject: string; body: string; documentIds: string[] };

// Send e-mail from a record's page (spec §7): a template of the kind or free text, merge fields
// filled in by the server, files of the record attached. Recorded on the record's feed.
export function SendEmailModal({
  definition,
  record,
  initial,
  onClose,
}: {
  definition: EntityDefinition;
  record: EntityRecord;
  initial?: { subject: string; body: string } | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ref = { entityKind: definition.kind, entityId: record.id };
  const [form] = Form.useForm<Values>();
  const templates = useEmailTemplates(definition.kind);
  const files = useRecordFiles(ref, true);
  const send = useSendEmail(ref);
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const address = typeof record.email === 'string' && record.email ? [record.email] : [];

  const pickTemplate = (id: string | undefined) => {
    const tpl = templates.data?.data.find((x) => x.id === id);
    if (tpl) form.setFieldsValue({ subject: tpl.subject, body: tpl.body });
    setPreview(null);
  };
  const showPreview = async () => {
    const v = form.getFieldsValue();
    try {
      setPreview(await previewEmail({ ...ref, subject: v.subject ?? '', body: v.body ?? '' }));
    } catch (e) {
      message.error(isApiError(e) ? errorText(t, e.code) : t('email.previewFailed'));
    }
  };
  const onFinish = (v: Values) => {
    send.mutate(
      {
        ...ref,
        to: v.to,
        cc: [],
        subject: v.subject,
        body: v.body,
        documentIds: v.documentIds ?? [],
        ...(v.templateId ? { templateId: v.templateId } : {}),
      },
      {
        onSuccess: () => {
          message.success(t('email.sent'));
          onClose();
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e, t, ['to', 'subject', 'body', 'documentIds', 'templateId']))
            message.error(isApiError(e) ? errorText(t, e.code) : t('email.sendFailed'));
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('email.sendTitle', { title: record.title })}
      onCancel={onClose}
      width={720}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={() => void showPreview()}>{t('email.preview')}</Button>
          <Button type="primary" loading={send.isPending} onClick={() => form.submit()}>
            {t('email.send')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ to: address, subject: initial?.subject ?? '', body: initial?.body ?? '', documentIds: [] }}
        onFinish={onFinish}
        onValuesChange={() => setPreview(null)}
      >
        <Form.Item name="to" label={t('email.to')} rules={[{ required: true, message: errorText(t, 'required') }]}>
          <Select mode="tags" tokenSeparators={[',', ';', ' ']} open={false} aria-label={t('email.to')} suffixIcon={null} />
        </Form.Item>
        <Form.Item name="templateId" label={t('email.template')}>
          <Select
            allowClear
            aria-label={t('email.template')}
            placeholder={t('email.noTemplate')}
            loading={templates.isLoading}
            options={(templates.data?.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            onChange={(id: string | undefined) => pickTemplate(id)}
          />
        </Form.Item>
        <Form.Item
          name="subject"
          label={t('email.subject')}
          rules={[{ required: true, whitespace: true, message: errorText(t, 'required') }, maxLengthRule(t, EMAIL_SUBJECT_MAX)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('email.body')}
          extra={t('email.mergeHint', { example: '{{firstName}}' })}
          rules={[{ required: true, whitespace: true, message: errorText(t, 'required') }, maxLengthRule(t, EMAIL_BODY_MAX)]}
        >
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} />
        </Form.Item>
        {files.data && files.data.length > 0 ? (
          <Form.Item name="documentIds" label={t('email.attachments')}>
            <Checkbox.Group options={files.data.map((d) => ({ value: d.id, label: d.name }))} style={{ display: 'grid', gap: 4 }} />
          </Form.Item>
        ) : null}
      </Form>
      {preview ? (
        <Card size="small" title={t('email.previewTitle')} role="region" aria-label={t('email.previewTitle')}>
          <Typography.Paragraph strong>{preview.subject}</Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{preview.text}</Typography.Paragraph>
        </Card>
      ) : null}
    </Modal>
  );
}

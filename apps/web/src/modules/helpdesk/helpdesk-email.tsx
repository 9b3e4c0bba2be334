import { helpdeskEntity, HELPDESK_MERGE_FIELDS, type EntityRecord, type HelpdeskEmailPreview } from '@atrium/domain';
import { Alert, App, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../platform/api/api-error';
import { entityApi } from '../../platform/entity/entity-api';
import { applyEntityFieldErrors } from '../../platform/entity-fields/entity-form-errors';
import { errorText, maxLengthRule } from '../../platform/feedback/form-errors';
import { useAccess } from '../../platform/permissions/use-access';
import { previewHelpdeskEmail, useHelpdeskThreading } from './helpdesk.api';

const helpdesks = entityApi(helpdeskEntity);
// merge fields are {{…}}, which captions would interpolate: the example is written here
const TEMPLATE_EXAMPLE = '<html><body>{{reply}}<p>{{helpdesk.name}} · {{portalUrl}}</p></body></html>';
type Values = { emailSubjectPrefix: string; emailTemplate: string };

// The helpdesk's E-mail tab: its own subject prefix and HTML template around agent replies and
// the acknowledgement of a mailed request (Plan.CustomEmails, Helpdesk Pro), with the merge
// fields to use and a preview of the mail around a sample reply. Without the plan the preview
// shows the default template and saving answers the plan's error.
export function HelpdeskEmailTab({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const [form] = Form.useForm<Values>();
  const patch = helpdesks.usePatch();
  const [preview, setPreview] = useState<HelpdeskEmailPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const canEdit = can({ permissions: [helpdeskEntity.permissions.manage] });
  const text = (v: unknown) => (typeof v === 'string' ? v : '');

  const show = async () => {
    const v = form.getFieldsValue();
    setPreviewing(true);
    try {
      setPreview(await previewHelpdeskEmail(record.id, { subjectPrefix: v.emailSubjectPrefix || null, template: v.emailTemplate || null }));
    } catch (e) {
      message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError'));
    } finally {
      setPreviewing(false);
    }
  };

  const save = (v: Values) =>
    patch.mutate(
      {
        id: record.id,
        version: record.version,
        ops: [
          { op: 'replace', path: '/emailSubjectPrefix', value: v.emailSubjectPrefix || null },
          { op: 'replace', path: '/emailTemplate', value: v.emailTemplate || null },
        ],
      },
      {
        onSuccess: () => {
          message.success(t('helpdesk.email.saved'));
          void show();
        },
        onError: (e) => {
          if (!applyEntityFieldErrors(form, e, t, ['emailSubjectPrefix', 'emailTemplate'], []))
            message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError'));
        },
      },
    );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('helpdesk.email.intro')}
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={{ emailSubjectPrefix: text(record.emailSubjectPrefix), emailTemplate: text(record.emailTemplate) }}
        onFinish={save}
      >
        <Form.Item name="emailSubjectPrefix" label={t('helpdesk.helpdesk.field.emailSubjectPrefix')} rules={[maxLengthRule(t, 50)]}>
          <Input placeholder="[Acme support]" />
        </Form.Item>
        <Form.Item
          name="emailTemplate"
          label={t('helpdesk.helpdesk.field.emailTemplate')}
          rules={[maxLengthRule(t, 20000)]}
          extra={
            <span>
              {t('helpdesk.email.mergeFields')}{' '}
              {HELPDESK_MERGE_FIELDS.map((f) => (
                <Tag key={f} style={{ marginBottom: 4 }}>{`{{${f}}}`}</Tag>
              ))}
            </span>
          }
        >
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} placeholder={TEMPLATE_EXAMPLE} spellCheck={false} />
        </Form.Item>
        <Space wrap>
          <Button onClick={() => void show()} loading={previewing} disabled={false}>
            {t('helpdesk.email.preview')}
          </Button>
          {canEdit ? (
            <Button type="primary" htmlType="submit" loading={patch.isPending}>
              {t('common.save')}
            </Button>
          ) : null}
        </Space>
      </Form>
      {preview ? (
        <Card size="small" title={t('helpdesk.email.previewTitle')}>
          {preview.custom ? null : <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('helpdesk.email.defaultUsed')} />}
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">{t('helpdesk.email.subject')}: </Typography.Text>
            <Typography.Text strong>{preview.subject}</Typography.Text>
          </Typography.Paragraph>
          {/* the mail as a requester's client shows it: no script runs in a sandbox without permissions */}
          <iframe
            title={t('helpdesk.email.previewTitle')}
            sandbox=""
            srcDoc={preview.html}
            style={{ width: '100%', minHeight: 320, border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff' }}
          />
        </Card>
      ) : null}
    </Space>
  );
}

// The helpdesk page's small statistic: of the inbound replies to its address, how many threaded
// into an existing request, and by which rule.
export function HelpdeskThreadingBanner({ record }: { record: EntityRecord }) {
  const { t } = useTranslation();
  const threading = useHelpdeskThreading(record.id);
  const d = threading.data;
  if (!d || !d.address) return null;
  return (
    <Typography.Paragraph type="secondary" style={{ margin: '0 0 12px' }} aria-label={t('helpdesk.threading.label')}>
      {d.share === null
        ? t('helpdesk.threading.none', { address: d.address })
        : t('helpdesk.threading.share', {
            address: d.address,
            percent: Math.round(d.share * 100),
            threaded: d.threaded,
            replies: d.replies,
            byHeader: d.byHeader,
            bySubject: d.bySubject,
          })}
    </Typography.Paragraph>
  );
}

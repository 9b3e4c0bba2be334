import { EyeOutlined, SendOutlined } from '@ant-design/icons';
import { campaignEntity, type EntityRecord } from '@atrium/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Space, Typography } from 'antd';
import { useState } from 'react';
import { apiRequest } from '../../platform/api/api-client';
import { isApiError } from '../../platform/api/api-error';
import { workspaceKey } from '../../platform/api/query-keys';
import { useEntityText } from '../../platform/entity/entity-text';
import { ReferencePicker } from '../../platform/entity/reference-picker';
import { errorText } from '../../platform/feedback/form-errors';
import { previewEmail } from '../../platform/mail/mail.api';
import { useAccess } from '../../platform/permissions/use-access';

// A campaign's mail as a chosen contact would get it (core's template preview), and a test of it
// sent to me only.
export function CampaignPreview({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(campaignEntity);
  const { can } = useAccess();
  const { message } = App.useApp();
  const [contactId, setContactId] = useState<string | null>(null);
  const templateId = typeof record.emailTemplateId === 'string' ? record.emailTemplateId : '';
  const preview = useQuery({
    queryKey: workspaceKey('campaign', record.id, 'preview', templateId, contactId),
    enabled: Boolean(contactId && templateId),
    queryFn: () => previewEmail({ entityKind: 'Contact', entityId: contactId ?? '', templateId }),
  });
  const test = useMutation({
    mutationFn: () => apiRequest<{ to: string }>(`${campaignEntity.basePath}/${record.id}/test`, { method: 'PUT', body: { contactId } }),
    onSuccess: (r) => void message.success(t('campaigns.testSent', { to: r.to })),
    onError: (e) => void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError')),
  });
  if (!templateId) return <Typography.Text type="secondary">{t('campaigns.previewNeedsTemplate')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Form layout="vertical">
        <Form.Item label={t('campaigns.previewAs')} htmlFor="campaign-preview-contact">
          <ReferencePicker
            id="campaign-preview-contact"
            lookup="Contact"
            value={contactId}
            onChange={(v) => setContactId(typeof v === 'string' ? v : null)}
            aria-label={t('campaigns.previewAs')}
          />
        </Form.Item>
      </Form>
      {preview.data ? (
        <Card size="small" title={<span>{preview.data.subject}</span>} aria-label={t('campaigns.preview')}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{preview.data.text}</Typography.Paragraph>
        </Card>
      ) : (
        <Typography.Text type="secondary">
          <EyeOutlined aria-hidden /> {t('campaigns.previewPick')}
        </Typography.Text>
      )}
      {can({ permissions: [campaignEntity.permissions.manage] }) ? (
        <Button icon={<SendOutlined />} disabled={!contactId} loading={test.isPending} onClick={() => test.mutate()}>
          {t('campaigns.sendTest')}
        </Button>
      ) : null}
    </Space>
  );
}

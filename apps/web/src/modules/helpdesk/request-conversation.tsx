import { requestEntity, type EntityRecord, type RequestMessage } from '@atrium/domain';
import { App, Button, Card, Empty, Form, Input, List, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../platform/api/api-error';
import { formatDate } from '../../platform/dates/format-date';
import { useEntityText } from '../../platform/entity/entity-text';
import { errorText } from '../../platform/feedback/form-errors';
import { useAccess } from '../../platform/permissions/use-access';
import { useRecordEvents } from '../../platform/live/use-live-events';
import { useRequestMessages, useWriteMessage } from './helpdesk.api';

// A request's conversation, oldest first: its first message, the requester's mails, the agents'
// replies and the internal notes (marked as never sent); below, a reply (mailed to the requester)
// or an internal note.
export function RequestConversation({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(requestEntity);
  const { can } = useAccess();
  const { message } = App.useApp();
  const messages = useRequestMessages(record.id);
  // a mail from the requester (or a colleague's reply) arrives live
  useRecordEvents('Request', record.id, () => void messages.refetch());
  const [kind, setKind] = useState<'reply' | 'note'>('reply');
  const [body, setBody] = useState('');
  const write = useWriteMessage(record.id, {
    onSuccess: () => {
      setBody('');
      void message.success(t(kind === 'reply' ? 'helpdesk.conversation.sent' : 'helpdesk.conversation.noted'));
    },
    onError: (e) => void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError')),
  });
  const label = (m: RequestMessage) =>
    m.kind === 'inbound'
      ? t('helpdesk.conversation.inbound')
      : m.kind === 'outbound'
        ? t('helpdesk.conversation.outbound', { to: m.toAddress ?? '' })
        : t('helpdesk.conversation.internal');
  const first = typeof record.description === 'string' && record.description !== '' ? record.description : null;
  const items = messages.data?.data ?? [];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {first && (
        <Card size="small" title={<Tag>{t('helpdesk.conversation.inbound')}</Tag>}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{first}</Typography.Paragraph>
        </Card>
      )}
      <List
        aria-label={t('helpdesk.conversation')}
        loading={messages.isLoading}
        dataSource={items}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('helpdesk.conversation.empty')} /> }}
        renderItem={(m) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Space wrap>
                  <Tag>{label(m)}</Tag>
                  <Typography.Text type="secondary">
                    {m.authorName ?? m.fromAddress ?? ''} · {formatDate(m.createdAt, 'dateTime')}
                  </Typography.Text>
                </Space>
              }
              description={<Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{m.body}</Typography.Paragraph>}
            />
          </List.Item>
        )}
      />
      {can({ permissions: [requestEntity.permissions.manage] }) && (
        <Form layout="vertical" onFinish={() => write.mutate({ kind, body })}>
          <Form.Item>
            <Radio.Group value={kind} onChange={(e) => setKind(e.target.value as 'reply' | 'note')} optionType="button">
              <Radio.Button value="reply">{t('helpdesk.conversation.reply')}</Radio.Button>
              <Radio.Button value="note">{t('helpdesk.conversation.note')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            label={kind === 'reply' ? t('helpdesk.conversation.reply') : t('helpdesk.conversation.note')}
            htmlFor="request-message"
          >
            <Input.TextArea id="request-message" rows={4} value={body} onChange={(e) => setBody(e.target.value)} maxLength={20000} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={write.isPending} disabled={body.trim() === ''}>
            {kind === 'reply' ? t('helpdesk.conversation.send') : t('helpdesk.conversation.addNote')}
          </Button>
        </Form>
      )}
    </Space>
  );
}

import { BellOutlined } from '@ant-design/icons';
import type { NotificationItem } from '@atrium/domain';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../dates/format-date';
import { useMarkRead, useNotifications, useUnreadCount } from './notifications.api';

type Props = {
  // where a notification about a record leads, per entity kind (modules know their routes)
  pathOf?: (item: NotificationItem) => string | undefined;
};

// The top bar bell: unread count, the list of mentions and followed changes, mark as read.
export function NotificationsBell({ pathOf }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const list = useNotifications(open);
  const markRead = useMarkRead();
  const count = unread.data?.unread ?? 0;

  // in the reader's language, naming the record; older notifications have only their title
  const headline = (item: NotificationItem) =>
    item.cause
      ? t(`notifications.cause.${item.cause}`, {
          actor: item.actorName ?? t('notifications.someone'),
          record: item.recordTitle || t('notifications.aRecord'),
        })
      : item.title;

  const openItem = (item: NotificationItem) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    const to = pathOf?.(item);
    if (to) {
      setOpen(false);
      void navigate(to);
    }
  };

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
          <span>{t('notifications.title', 'Notifications')}</span>
          <Button type="link" size="small" disabled={count === 0} onClick={() => markRead.mutate({ all: true })}>
            {t('notifications.markAllRead', 'Mark all as read')}
          </Button>
        </div>
      }
      content={
        <List
          style={{ width: 360, maxHeight: 420, overflow: 'auto' }}
          loading={list.isLoading}
          dataSource={list.data?.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty', 'No notifications')} /> }}
          renderItem={(item) => (
            <List.Item
              key={item.id}
              role="link"
              tabIndex={0}
              onClick={() => openItem(item)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  openItem(item);
                }
              }}
              style={{ cursor: 'pointer', background: item.read ? undefined : '#f0f3fa', paddingInline: 8 }}
            >
              <List.Item.Meta
                title={<Typography.Text strong={!item.read}>{headline(item)}</Typography.Text>}
                description={
                  <>
                    {item.body ? <div>{item.body}</div> : null}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDate(item.createdAt, 'dateTime')}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      }
    >
      <Button
        type="text"
        aria-label={t('notifications.open', 'Notifications, {{count}} unread', { count })}
        icon={
          <Badge count={count} size="small">
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}

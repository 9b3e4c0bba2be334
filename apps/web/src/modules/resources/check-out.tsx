import { ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { resourceEntity, type EntityRecord } from '@atrium/domain';
import { Alert, App, Button, Form, Modal, Space } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../platform/api/api-error';
import { formatDate } from '../../platform/dates/format-date';
import { useEntityText } from '../../platform/entity/entity-text';
import { ReferencePicker } from '../../platform/entity/reference-picker';
import { errorText } from '../../platform/feedback/form-errors';
import { useAccess } from '../../platform/permissions/use-access';
import { useCheckOut } from './check-out.api';

const holderTitle = (record: EntityRecord): string | null => {
  const holder = record.holder as { title?: string } | null | undefined;
  return holder?.title ?? null;
};

// "Check out" (to a person, me unless chosen) and "Check in" on a resource's page, each
// confirmed first; a refusal shows its own words (not assignable, already checked out, not out).
export function CheckOutActions({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(resourceEntity);
  const { can } = useAccess();
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [holderId, setHolderId] = useState<string | null>(null);
  const call = useCheckOut(record.id, {
    onSuccess: (c) => {
      setOpen(false);
      void message.success(t(c.action === 'check-out' ? 'resources.checkOut.done' : 'resources.checkIn.done'));
    },
    onError: (e) => void message.error(isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError')),
  });
  if (!can({ permissions: [resourceEntity.permissions.manage] })) return null;
  const title = String(record.title ?? '');
  return (
    <Space wrap>
      <Button icon={<ExportOutlined />} onClick={() => setOpen(true)}>
        {t('resources.checkOut.action')}
      </Button>
      <Button
        icon={<ImportOutlined />}
        loading={call.isPending && call.variables?.action === 'check-in'}
        onClick={() =>
          modal.confirm({
            title: t('resources.checkIn.action'),
            content: t('resources.checkIn.confirm', { title }),
            okText: t('resources.checkIn.action'),
            onOk: () => call.mutateAsync({ action: 'check-in' }).catch(() => undefined),
          })
        }
      >
        {t('resources.checkIn.action')}
      </Button>
      <Modal
        open={open}
        title={t('resources.checkOut.title', { title })}
        okText={t('resources.checkOut.confirm')}
        confirmLoading={call.isPending}
        onCancel={() => setOpen(false)}
        onOk={() => call.mutate({ action: 'check-out', ...(holderId ? { holderId } : {}) })}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('resources.checkOut.holder')} htmlFor="check-out-holder">
            <ReferencePicker
              id="check-out-holder"
              lookup="User"
              value={holderId}
              onChange={(v) => setHolderId(typeof v === 'string' ? v : null)}
              placeholder={t('resources.checkOut.me')}
              aria-label={t('resources.checkOut.holder')}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

// Who holds the item since when, above its panels.
export function HolderBanner({ record }: { record: EntityRecord }) {
  const { t } = useEntityText(resourceEntity);
  const holder = holderTitle(record);
  if (!record.holderId || !record.checkedOutAt) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('resources.heldBy', { holder: holder ?? '', since: formatDate(String(record.checkedOutAt), 'dateTime') })}
    />
  );
}

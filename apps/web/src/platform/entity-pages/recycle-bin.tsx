import { RECYCLE_BIN_DAYS, type RecycleBinEntry } from '@atrium/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Empty, Space, Table, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { apiRequest } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { useConfirm } from '../confirm/confirm-modal';
import { formatDate } from '../dates/format-date';
import { errorText } from '../feedback/form-errors';
import type { EntityApi } from '../entity/entity-api';
import { useEntityText } from '../entity/entity-text';

const PAGE_SIZE = 25;

// The toast after a delete (decision 086): what moved to the recycle bin, with an Undo that
// brings the records back (POST restore) and refreshes the lists.
export function useMovedToBin(api: EntityApi) {
  const { t, text } = useEntityText(api.definition);
  const { message } = App.useApp();
  const qc = useQueryClient();
  return useCallback(
    (ids: string[], failed: string[] = []) => {
      if (ids.length === 0) {
        if (failed.length > 0) message.warning(text('bin.movedPartly', { count: 0, failed: failed.join(', ') }), 8);
        return;
      }
      const key = `bin-${api.definition.kind}-${ids.join(',')}`;
      const undo = () => {
        message.destroy(key);
        // a plain call, not the page's mutation: the record page that deleted is gone by now
        apiRequest(api.paths.restore, { method: 'POST', body: { ids } }).then(
          () => {
            void qc.invalidateQueries({ queryKey: api.keys.all() });
            message.success(text('bin.restored', { count: ids.length }));
          },
          (e: unknown) => message.error(isApiError(e) ? errorText(t, e.code) : text('entity.saveFailed')),
        );
      };
      message.open({
        key,
        type: failed.length > 0 ? 'warning' : 'success',
        duration: 10,
        content: (
          <Space size={8} wrap>
            <span>
              {failed.length > 0
                ? text('bin.movedPartly', { count: ids.length, failed: failed.join(', ') })
                : text('bin.moved', { count: ids.length })}
            </span>
            <Button size="small" type="link" onClick={undo}>
              {t('bin.undo')}
            </Button>
          </Space>
        ),
      });
    },
    [api, message, qc, t, text],
  );
}

// A kind's recycle bin: deleted records with when and by whom, restored or deleted permanently
// (after a confirmation) a selection at a time. A drawer over the list, full width on a phone.
export function RecycleBinDrawer({ api, open, onClose }: { api: EntityApi; open: boolean; onClose: () => void }) {
  const { t, text } = useEntityText(api.definition);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const bin = api.useRecycleBin(page, PAGE_SIZE, open);
  const restore = api.useRestore();
  const purge = api.usePurge();
  const fail = (e: unknown) => message.error(isApiError(e) ? errorText(t, e.code) : text('entity.saveFailed'));
  const rows = bin.data?.data ?? [];
  const count = selected.length;

  const onRestore = () =>
    restore.mutate(selected, {
      onSuccess: () => {
        message.success(text('bin.restored', { count }));
        setSelected([]);
      },
      onError: fail,
    });
  const onPurge = async () => {
    const ok = await confirm({
      title: text('bin.purgeTitle', { count }),
      description: text('bin.purgeText'),
      okText: t('bin.purge'),
      danger: true,
    });
    if (!ok) return;
    purge.mutate(selected, {
      onSuccess: () => {
        message.success(text('bin.purged', { count }));
        setSelected([]);
      },
      onError: fail,
    });
  };

  return (
    <Drawer open={open} onClose={onClose} title={t('bin.title')} size="min(720px, 100vw)" destroyOnHidden>
      <Typography.Paragraph type="secondary">{text('bin.intro', { days: RECYCLE_BIN_DAYS })}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button disabled={count === 0} loading={restore.isPending} onClick={onRestore}>
          {t('bin.restore')}
        </Button>
        <Button danger disabled={count === 0} loading={purge.isPending} onClick={() => void onPurge()}>
          {t('bin.purge')}
        </Button>
      </Space>
      <Table<RecycleBinEntry>
        size="small"
        rowKey="id"
        loading={bin.isLoading}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bin.empty')} /> }}
        pagination={
          (bin.data?.total ?? 0) > PAGE_SIZE
            ? { current: page, pageSize: PAGE_SIZE, total: bin.data?.total ?? 0, onChange: setPage, showSizeChanger: false }
            : false
        }
        columns={[
          { key: 'title', title: t('bin.name'), render: (_v, r) => r.title || t('entity.untitled') },
          { key: 'deletedAt', title: t('bin.deletedAt'), render: (_v, r) => formatDate(r.deletedAt, 'dateTime') },
          { key: 'deletedBy', title: t('bin.deletedBy'), render: (_v, r) => r.deletedBy?.title ?? '—' },
        ]}
      />
    </Drawer>
  );
}

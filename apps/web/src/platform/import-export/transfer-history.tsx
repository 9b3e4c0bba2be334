import type { EntityKind, ExportDto, ImportDto } from '@atrium/domain';
import { Button, Card, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../api/api-error';
import { useConfirm } from '../confirm/confirm-modal';
import { formatDate } from '../dates/format-date';
import { webEntities } from '../entity/web-entity';
import { EmptyState } from '../feedback/empty-state';
import { errorText } from '../feedback/form-errors';
import { StatusTag } from '../feedback/status-tag';
import { usePageTitle } from '../feedback/use-page-title';
import { ScrollRegion } from './scroll-region';
import {
  openDownload,
  saveFile,
  TRANSFER_PATHS,
  useDeleteImport,
  useExportAction,
  useExportHistory,
  useImportHistory,
  useRetryImport,
  useUndoImport,
} from './import-export.api';

const TONE = {
  uploaded: 'info',
  queued: 'info',
  running: 'info',
  succeeded: 'success',
  failed: 'warning',
  cancelled: 'warning',
  undone: 'info',
} as const;

// The kind filter of both histories, kept in the address (?kind=Contact).
function useKindFilter() {
  const [params, setParams] = useSearchParams();
  const kind = (params.get('kind') ?? undefined) as EntityKind | undefined;
  const set = (k: string) => setParams(k ? { kind: k } : {}, { replace: true });
  return { kind, set };
}

function KindSelect({ value, onChange }: { value: string | undefined; onChange: (k: string) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('transfer.kind')}
      style={{ minWidth: 200 }}
      value={value ?? ''}
      onChange={onChange}
      options={[
        { value: '', label: t('transfer.allKinds') },
        ...webEntities()
          .filter((e) => e.definition.capabilities.importExport)
          .map((e) => ({ value: e.definition.kind, label: t(`${e.definition.captionKey}.plural`) })),
      ]}
    />
  );
}

const kindLabel = (t: (k: string) => string, kind: string) => {
  const e = webEntities().find((x) => x.definition.kind === kind);
  return e ? t(`${e.definition.captionKey}.plural`) : kind;
};

// The columns both histories open with: the file, the kind of record and the status.
function firstColumns<R extends ImportDto | ExportDto>(t: (k: string) => string): ColumnsType<R> {
  return [
    { key: 'file', title: t('transfer.file'), render: (_v, r) => r.fileName },
    { key: 'kind', title: t('transfer.kind'), render: (_v, r) => kindLabel(t, r.entityKind) },
    {
      key: 'status',
      title: t('transfer.status'),
      render: (_v, r) => <StatusTag tone={TONE[r.status]}>{t(`transfer.status.${r.status}`)}</StatusTag>,
    },
  ];
}

// The spec's "import history" screen: the user's own imports, and everybody's of the kinds whose
// view variant they hold; delete, retry and undo only where they may manage (decision 078).
export function ImportHistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('transfer.importHistory'));
  const { kind, set } = useKindFilter();
  const [page, setPage] = useState(1);
  const history = useImportHistory({ page, pageSize: 25, ...(kind ? { entityKind: kind } : {}) });
  const retry = useRetryImport();
  const undo = useUndoImport();
  const remove = useDeleteImport();
  const confirm = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const act = (p: Promise<unknown>) =>
    p.then(
      () => setError(null),
      (e: unknown) => setError(errorText(t, isApiError(e) ? e.code : 'internalServerError')),
    );

  return (
    <div className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {t('transfer.importHistory')}
        </Typography.Title>
        <KindSelect value={kind} onChange={set} />
      </div>
      <Card>
        {error ? (
          <Typography.Paragraph type="danger" role="alert">
            {error}
          </Typography.Paragraph>
        ) : null}
        <ScrollRegion label={t('transfer.importHistory')}>
          <Table<ImportDto>
            rowKey="id"
            size="small"
            loading={history.isLoading}
            dataSource={history.data?.data ?? []}
            locale={{ emptyText: <EmptyState description={t('transfer.noImports')} /> }}
            pagination={{ current: page, pageSize: 25, total: history.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
            columns={[
              ...firstColumns<ImportDto>(t),
              {
                key: 'rows',
                title: t('transfer.rows'),
                render: (_v, r) => (
                  <>
                    {t('transfer.result', { created: r.created, updated: r.updated, rejected: r.rejected })}
                    {/* what the undo kept (records made for references that others now use, decision 079) */}
                    {r.undoJob?.progress.message ? (
                      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                        {r.undoJob.progress.message}
                      </Typography.Paragraph>
                    ) : null}
                  </>
                ),
              },
              { key: 'at', title: t('transfer.createdAt'), render: (_v, r) => formatDate(r.createdAt, 'dateTime') },
              { key: 'by', title: t('transfer.createdBy'), render: (_v, r) => r.createdBy.name },
              {
                key: 'actions',
                title: t('transfer.actions'),
                render: (_v, r) => (
                  <Space wrap size="small">
                    {r.rejected > 0 ? (
                      <Button
                        size="small"
                        onClick={() =>
                          void saveFile(TRANSFER_PATHS.rejected(r.id, 'csv'), `${r.fileName.replace(/\.\w+$/, '')}-rejected.csv`)
                        }
                      >
                        {t('transfer.downloadRejected')}
                      </Button>
                    ) : null}
                    {r.canManage && (r.status === 'failed' || r.status === 'cancelled') ? (
                      <Button size="small" onClick={() => void act(retry.mutateAsync(r.id))}>
                        {t('transfer.retry')}
                      </Button>
                    ) : null}
                    {r.canManage && r.status === 'succeeded' && !r.undoJob ? (
                      <Button
                        size="small"
                        danger
                        onClick={async () => {
                          if (
                            await confirm({
                              title: t('transfer.undoTitle'),
                              description: t('transfer.undoText'),
                              okText: t('transfer.undo'),
                              danger: true,
                            })
                          )
                            void act(undo.mutateAsync(r.id));
                        }}
                      >
                        {t('transfer.undo')}
                      </Button>
                    ) : null}
                    {r.canManage && r.status !== 'queued' && r.status !== 'running' ? (
                      <Button
                        size="small"
                        onClick={async () => {
                          if (
                            await confirm({
                              title: t('transfer.deleteImportTitle'),
                              description: t('transfer.deleteImportText'),
                              okText: t('transfer.delete'),
                              danger: true,
                            })
                          )
                            void act(remove.mutateAsync(r.id));
                        }}
                      >
                        {t('transfer.delete')}
                      </Button>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </ScrollRegion>
      </Card>
    </div>
  );
}

// The spec's "export history" screen: exports with their files to download.
export function ExportHistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('transfer.exportHistory'));
  const { kind, set } = useKindFilter();
  const [page, setPage] = useState(1);
  const history = useExportHistory({ page, pageSize: 25, ...(kind ? { entityKind: kind } : {}) });
  const retry = useExportAction('retry');
  const remove = useExportAction('delete');
  const confirm = useConfirm();
  return (
    <div className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {t('transfer.exportHistory')}
        </Typography.Title>
        <KindSelect value={kind} onChange={set} />
      </div>
      <Card>
        <ScrollRegion label={t('transfer.exportHistory')}>
          <Table<ExportDto>
            rowKey="id"
            size="small"
            loading={history.isLoading}
            dataSource={history.data?.data ?? []}
            locale={{ emptyText: <EmptyState description={t('transfer.noExports')} /> }}
            pagination={{ current: page, pageSize: 25, total: history.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
            columns={[
              ...firstColumns<ExportDto>(t),
              { key: 'rows', title: t('transfer.rows'), render: (_v, r) => r.rowCount ?? '' },
              { key: 'at', title: t('transfer.createdAt'), render: (_v, r) => formatDate(r.createdAt, 'dateTime') },
              { key: 'by', title: t('transfer.createdBy'), render: (_v, r) => r.createdBy.name },
              {
                key: 'actions',
                title: t('transfer.actions'),
                render: (_v, r) => (
                  <Space wrap size="small">
                    {r.downloadUrl ? (
                      <Button size="small" type="primary" onClick={() => openDownload(r.downloadUrl ?? '')}>
                        {t('transfer.download')}
                      </Button>
                    ) : null}
                    {r.canManage && (r.status === 'failed' || r.status === 'cancelled') ? (
                      <Button size="small" onClick={() => retry.mutate(r.id)}>
                        {t('transfer.retry')}
                      </Button>
                    ) : null}
                    {r.canManage && r.status !== 'queued' && r.status !== 'running' ? (
                      <Button
                        size="small"
                        onClick={async () => {
                          if (await confirm({ title: t('transfer.deleteExportTitle'), okText: t('transfer.delete'), danger: true }))
                            remove.mutate(r.id);
                        }}
                      >
                        {t('transfer.delete')}
                      </Button>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </ScrollRegion>
      </Card>
    </div>
  );
}

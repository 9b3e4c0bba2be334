import { DownloadOutlined, HistoryOutlined, UploadOutlined } from '@ant-design/icons';
import { csvDelimiterOf, type CsvDelimiter, type EntityDefinition, type FileFormat, type Permission } from '@atrium/domain';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Dropdown, Form, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiRequest } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { workspaceKey } from '../api/query-keys';
import { errorText } from '../feedback/form-errors';
import { LinkButton } from '../feedback/link-button';
import { useAccess } from '../permissions/use-access';
import { openDownload, useStartExport, type ExportScope } from './import-export.api';

export const importPath = (d: EntityDefinition) => `${d.web.path}/import`;
export const IMPORT_HISTORY_PATH = '/imports';
export const EXPORT_HISTORY_PATH = '/exports';

// The exportable columns of a kind, to keep only those of the list's visible columns.
function useExportColumns(d: EntityDefinition, enabled: boolean) {
  return useQuery({
    queryKey: workspaceKey('exports', 'mapping', d.kind),
    queryFn: () => apiRequest<{ columns: { key: string }[] }>(`${d.basePath}/export-mapping`),
    enabled,
    staleTime: 60_000,
  });
}

// The separator the user's spreadsheet expects: German Excel opens a comma file as one column.
const cultureDelimiter = (): CsvDelimiter => csvDelimiterOf(document.documentElement.lang || 'en');

// Exports what the list shows (or its selection) and downloads it; a large export runs as a job.
// A CSV is separated by `delimiter`, by default the user's culture's.
export function useExportList(d: EntityDefinition) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const allowed = d.capabilities.importExport && d.permissions.export !== null && can({ permissions: [d.permissions.export] });
  const mapping = useExportColumns(d, allowed);
  const start = useStartExport(d);
  const run = async (format: FileFormat, scope: ExportScope, delimiter: CsvDelimiter = cultureDelimiter()) => {
    const known = new Set((mapping.data?.columns ?? []).map((c) => c.key));
    try {
      const exp = await start.mutateAsync({ format, delimiter, scope: { ...scope, columns: scope.columns.filter((c) => known.has(c)) } });
      if (exp.downloadUrl) {
        openDownload(exp.downloadUrl);
        message.success(t('transfer.exportReady', { count: exp.rowCount ?? 0 }));
      } else message.info(t('transfer.exportStarted'));
    } catch (err) {
      message.error(isApiError(err) ? errorText(t, err.code) : t('transfer.exportFailed'));
    }
  };
  return { allowed, run, pending: start.isPending };
}

// Import, export and their histories, next to a list's title.
export function TransferActions({ definition, scope }: { definition: EntityDefinition; scope: () => ExportScope }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const navigate = useNavigate();
  const p = definition.permissions;
  const exporter = useExportList(definition);
  // the CSV dialog: its separator, preselected from the user's culture
  const [delimiter, setDelimiter] = useState<CsvDelimiter | null>(null);
  if (!definition.capabilities.importExport) return null;
  const holds = (...list: (Permission | null)[]) => list.some((x) => x !== null && can({ permissions: [x] }));
  const mayImport = holds(p.import);
  // the histories also open for the view and manage variants (decision 078)
  const importHistory = holds(p.import, p.viewImports, p.manageImports);
  const exportHistory = holds(p.export, p.viewExports, p.manageExports);
  if (!mayImport && !exporter.allowed && !importHistory && !exportHistory) return null;
  return (
    <Space wrap>
      {mayImport ? (
        <LinkButton to={importPath(definition)} icon={<UploadOutlined />}>
          {t('transfer.import')}
        </LinkButton>
      ) : null}
      {exporter.allowed ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'csv', label: t('transfer.exportCsv') },
              { key: 'xlsx', label: t('transfer.exportXlsx') },
            ],
            onClick: ({ key }) => (key === 'csv' ? setDelimiter(cultureDelimiter()) : void exporter.run('xlsx', scope())),
          }}
        >
          <Button icon={<DownloadOutlined />} loading={exporter.pending}>
            {t('transfer.export')}
          </Button>
        </Dropdown>
      ) : null}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...(importHistory ? [{ key: IMPORT_HISTORY_PATH, label: t('transfer.importHistory') }] : []),
            ...(exportHistory ? [{ key: EXPORT_HISTORY_PATH, label: t('transfer.exportHistory') }] : []),
          ],
          onClick: ({ key }) => navigate(`${key}?kind=${definition.kind}`),
        }}
      >
        <Button icon={<HistoryOutlined />}>{t('transfer.history')}</Button>
      </Dropdown>
      <Modal
        open={delimiter !== null}
        title={t('transfer.exportCsv')}
        okText={t('transfer.exportStart')}
        cancelText={t('common.cancel')}
        confirmLoading={exporter.pending}
        onCancel={() => setDelimiter(null)}
        onOk={async () => {
          await exporter.run('csv', scope(), delimiter ?? cultureDelimiter());
          setDelimiter(null);
        }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('transfer.delimiter')} htmlFor="export-delimiter">
            <Select
              id="export-delimiter"
              aria-label={t('transfer.delimiter')}
              value={delimiter ?? cultureDelimiter()}
              onChange={(v: CsvDelimiter) => setDelimiter(v)}
              options={[
                { value: ',', label: t('transfer.delimiterComma') },
                { value: ';', label: t('transfer.delimiterSemicolon') },
                { value: '\t', label: t('transfer.delimiterTab') },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

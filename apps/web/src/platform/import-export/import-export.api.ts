import type {
  CsvDelimiter,
  EntityDefinition,
  ExportDto,
  FileFormat,
  HistoryListRequest,
  ImportColumns,
  ImportDto,
  ImportMappingInfo,
  ImportMappingsPut,
  ImportValidation,
} from '@atrium/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '../api/api-client';
import { workspaceKey } from '../api/query-keys';
import type { EntityListRequest } from '../entity/list-definition';
import { rememberJob } from '../jobs/jobs.api';

// Import and export (issue 14): the calls every kind with `importExport` has, and the shared ones.
export const TRANSFER_PATHS = {
  template: (d: EntityDefinition, format: FileFormat) => `${d.basePath}/import-template?format=${format}`,
  mapping: (d: EntityDefinition) => `${d.basePath}/import-mapping`,
  validate: (d: EntityDefinition) => `${d.basePath}/import-validate`,
  export: (d: EntityDefinition) => `${d.basePath}/export`,
  upload: (kind: string) => `/api/v1/core/imports/upload?entityKind=${encodeURIComponent(kind)}`,
  import: (id: string) => `/api/v1/core/imports/${id}`,
  columns: (id: string) => `/api/v1/core/imports/${id}/columns`,
  mappings: (id: string) => `/api/v1/core/imports/${id}/mappings`,
  run: (id: string) => `/api/v1/core/imports/${id}/run`,
  undo: (id: string) => `/api/v1/core/imports/${id}/undo`,
  retryImport: (id: string) => `/api/v1/core/imports/${id}/retry`,
  rejected: (id: string, format: FileFormat) => `/api/v1/core/imports/${id}/rejected?format=${format}`,
  importHistory: '/api/v1/core/imports/history',
  exportHistory: '/api/v1/core/exports/history',
  exportItem: (id: string) => `/api/v1/core/exports/${id}`,
  retryExport: (id: string) => `/api/v1/core/exports/${id}/retry`,
} as const;

export const transferKeys = {
  imports: () => workspaceKey('imports'),
  importHistory: (r: HistoryListRequest) => workspaceKey('imports', 'history', r),
  import: (id: string) => workspaceKey('imports', 'detail', id),
  columns: (id: string) => workspaceKey('imports', 'columns', id),
  mapping: (kind: string) => workspaceKey('imports', 'mapping', kind),
  exports: () => workspaceKey('exports'),
  exportHistory: (r: HistoryListRequest) => workspaceKey('exports', 'history', r),
};

// A file the API answers (a template, the rejected rows) or a signed URL, saved by the browser.
export async function saveFile(path: string, fileName: string): Promise<void> {
  const res = await apiFetch(path);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}
export function openDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.click();
}

export const useImportMapping = (d: EntityDefinition) =>
  useQuery({ queryKey: transferKeys.mapping(d.kind), queryFn: () => apiRequest<ImportMappingInfo>(TRANSFER_PATHS.mapping(d)) });

export const useImportColumns = (id: string | undefined) =>
  useQuery({
    queryKey: transferKeys.columns(id ?? 'none'),
    queryFn: () => apiRequest<ImportColumns>(TRANSFER_PATHS.columns(id ?? '')),
    enabled: Boolean(id),
  });

export const useImport = (id: string | undefined, live = false) =>
  useQuery({
    queryKey: transferKeys.import(id ?? 'none'),
    queryFn: () => apiRequest<ImportDto>(TRANSFER_PATHS.import(id ?? '')),
    enabled: Boolean(id),
    refetchInterval: live ? 1000 : false,
  });

export function useUploadImport(kind: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest<ImportDto>(TRANSFER_PATHS.upload(kind), { method: 'POST', body: form });
    },
  });
}

export function usePutMappings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ImportMappingsPut }) =>
      apiRequest<ImportDto>(TRANSFER_PATHS.mappings(id), { method: 'PUT', body }),
    onSuccess: (imp) => qc.setQueryData(transferKeys.import(imp.id), imp),
  });
}

export const useValidateImport = (d: EntityDefinition) =>
  useMutation({
    mutationFn: (importId: string) => apiRequest<ImportValidation>(TRANSFER_PATHS.validate(d), { method: 'POST', body: { importId } }),
  });

// run, undo and retry answer the import with its job(s): the progress bar picks the job up
function useImportAction(path: (id: string) => string, method: 'POST' | 'PUT') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<ImportDto>(path(id), { method }),
    onSuccess: (imp) => {
      qc.setQueryData(transferKeys.import(imp.id), imp);
      for (const job of [imp.job, imp.undoJob]) if (job) rememberJob(qc, job);
      void qc.invalidateQueries({ queryKey: transferKeys.imports() });
    },
  });
}
export const useRunImport = () => useImportAction(TRANSFER_PATHS.run, 'POST');
export const useUndoImport = () => useImportAction(TRANSFER_PATHS.undo, 'POST');
export const useRetryImport = () => useImportAction(TRANSFER_PATHS.retryImport, 'PUT');

export function useDeleteImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(TRANSFER_PATHS.import(id), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: transferKeys.imports() }),
  });
}

export const useImportHistory = (request: HistoryListRequest) =>
  useQuery({
    queryKey: transferKeys.importHistory(request),
    queryFn: () => apiRequest<{ data: ImportDto[]; total: number }>(TRANSFER_PATHS.importHistory, { method: 'POST', body: request }),
    refetchInterval: (q) => (q.state.data?.data.some((i) => ['queued', 'running'].includes(i.status)) ? 2000 : false),
  });

export const useExportHistory = (request: HistoryListRequest) =>
  useQuery({
    queryKey: transferKeys.exportHistory(request),
    queryFn: () => apiRequest<{ data: ExportDto[]; total: number }>(TRANSFER_PATHS.exportHistory, { method: 'POST', body: request }),
    refetchInterval: (q) => (q.state.data?.data.some((e) => ['queued', 'running'].includes(e.status)) ? 2000 : false),
  });

// The list as it is on screen: its search, filters, sort, visible columns and, when records are
// selected, only those.
export type ExportScope = { request: EntityListRequest; columns: string[]; ids?: string[] };
export function useStartExport(d: EntityDefinition) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ format, scope, delimiter }: { format: FileFormat; scope: ExportScope; delimiter: CsvDelimiter }) =>
      apiRequest<ExportDto>(TRANSFER_PATHS.export(d), {
        method: 'POST',
        body: {
          format,
          ...(format === 'csv' ? { delimiter } : {}),
          search: scope.request.search || undefined,
          filters: scope.request.filters,
          sort: scope.request.sort,
          archived: scope.request.archived,
          ...(scope.request.tags?.length ? { tags: scope.request.tags } : {}),
          ...(scope.request.tagsMatch ? { tagsMatch: scope.request.tagsMatch } : {}),
          columns: ['title', ...scope.columns],
          ...(scope.ids ? { ids: scope.ids } : {}),
        },
      }),
    onSuccess: (exp) => {
      if (exp.job) rememberJob(qc, exp.job);
      void qc.invalidateQueries({ queryKey: transferKeys.exports() });
    },
  });
}

export function useExportAction(kind: 'delete' | 'retry') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      if (kind === 'delete') await apiRequest<void>(TRANSFER_PATHS.exportItem(id), { method: 'DELETE' });
      else await apiRequest<ExportDto>(TRANSFER_PATHS.retryExport(id), { method: 'PUT' });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: transferKeys.exports() }),
  });
}

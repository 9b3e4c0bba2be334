import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { EntityDefinition, ImportDateFormat, ImportDto, ImportMapping, ImportValidation } from '@atrium/domain';
import { IMPORT_DATE_FORMATS } from '@atrium/domain';
import { Alert, Button, Card, Checkbox, Select, Space, Steps, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { isApiError } from '../api/api-error';
import { useConfirm } from '../confirm/confirm-modal';
import { useEntityText } from '../entity/entity-text';
import { errorText } from '../feedback/form-errors';
import { LinkButton } from '../feedback/link-button';
import { usePageTitle } from '../feedback/use-page-title';
import { JobProgress } from '../jobs/job-progress';
import { isFinished, useJob } from '../jobs/jobs.api';
import {
  saveFile,
  TRANSFER_PATHS,
  useImport,
  useImportColumns,
  useImportMapping,
  usePutMappings,
  useRunImport,
  useUndoImport,
  useUploadImport,
  useValidateImport,
} from './import-export.api';
import { useMediaQuery } from '../feedback/use-media-query';
import { ScrollRegion } from './scroll-region';
import { IMPORT_HISTORY_PATH } from './transfer-actions';

type Step = 0 | 1 | 2 | 3;

// The culture's way of writing dates, as a file from this user most likely has them.
const defaultDateFormat = (language: string): ImportDateFormat => (language.startsWith('de') ? 'DD.MM.YYYY' : 'MM/DD/YYYY');

// Upload → mapping (suggested by column names) → check (a dry run with per-row errors) → import
// with live progress, then the rejected rows to fix and upload again, or undo (issue 14).
export function ImportWizard({ definition }: { definition: EntityDefinition }) {
  const narrow = useMediaQuery('(max-width: 575.98px)');
  const { t, text, plural } = useEntityText(definition);
  const title = t('transfer.wizardTitle', { plural });
  usePageTitle(title);
  const [step, setStep] = useState<Step>(0);
  const [imp, setImp] = useState<ImportDto | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [dedupeKey, setDedupeKey] = useState<string | null>(null);
  const [createMissing, setCreateMissing] = useState(false);
  const [dateFormat, setDateFormat] = useState<ImportDateFormat>(() => defaultDateFormat(document.documentElement.lang || 'en'));
  const [check, setCheck] = useState<ImportValidation | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = useUploadImport(definition.kind);
  const info = useImportMapping(definition);
  const columns = useImportColumns(imp?.id);
  const put = usePutMappings();
  const validate = useValidateImport(definition);
  const run = useRunImport();
  const undo = useUndoImport();
  const confirm = useConfirm();
  const live = useImport(step === 3 ? imp?.id : undefined, true);
  const current = live.data ?? imp;
  const undoJob = useJob(current?.undoJob?.id);
  const fail = (e: unknown) =>
    setError(isApiError(e) ? (e.fieldErrors[0]?.message ?? errorText(t, e.code)) : errorText(t, 'internalServerError'));

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      const created = await upload.mutateAsync(file);
      setImp(created);
      setMapping(created.mapping);
      setStep(1);
    } catch (e) {
      fail(e);
    }
  };
  const onCheck = async () => {
    if (!imp) return;
    setError(null);
    try {
      await put.mutateAsync({ id: imp.id, body: { mapping, dedupeKey, createMissing, dateFormat } });
      setCheck(await validate.mutateAsync(imp.id));
      setStep(2);
    } catch (e) {
      fail(e);
    }
  };
  const onRun = async () => {
    if (!imp) return;
    setError(null);
    try {
      setImp(await run.mutateAsync(imp.id));
      setStep(3);
    } catch (e) {
      fail(e);
    }
  };
  const onUndo = async () => {
    if (!imp) return;
    const ok = await confirm({
      title: t('transfer.undoTitle'),
      description: t('transfer.undoText'),
      okText: t('transfer.undo'),
      danger: true,
    });
    if (!ok) return;
    try {
      setImp(await undo.mutateAsync(imp.id));
    } catch (e) {
      fail(e);
    }
  };
  const restart = () => {
    setImp(null);
    setCheck(null);
    setError(null);
    setDedupeKey(null);
    setCreateMissing(false);
    setStep(0);
  };

  const fields = info.data?.fields ?? [];
  const label = (f: { label: string; custom: boolean }) => (f.custom ? f.label : t(f.label));
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const used = new Set(Object.values(mapping).filter(Boolean));
  const samples = new Map((columns.data?.columns ?? []).map((c) => [c.name, c.samples]));
  // the done screen's counts and its "finished" come from one answer, the import as stored
  // (its status is its job's): a job event that arrives before the import's counts are read
  // again showed "0 created, 0 updated, 0 rejected" beside a history of 1,999 updated
  const finished = isFinished(current?.job ?? undefined);

  return (
    <div className="page">
      <div className="page-header">
        <Typography.Title level={1} className="page-title">
          {title}
        </Typography.Title>
        <Space wrap>
          <LinkButton to={IMPORT_HISTORY_PATH}>{t('transfer.importHistory')}</LinkButton>
          <LinkButton to={definition.web.path}>{t('transfer.toList')}</LinkButton>
        </Space>
      </div>
      <Card>
        <Steps
          current={step}
          size="small"
          responsive
          items={[
            { title: t('transfer.stepUpload') },
            { title: t('transfer.stepMapping') },
            { title: t('transfer.stepValidate') },
            { title: t('transfer.stepRun') },
          ]}
          style={{ marginBottom: 24 }}
        />
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" /> : null}

        {step === 0 ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Paragraph>{t('transfer.uploadHint')}</Typography.Paragraph>
            <Upload
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              showUploadList={false}
              maxCount={1}
              disabled={upload.isPending}
              beforeUpload={(file) => {
                void onFile(file);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending}>
                {upload.isPending ? t('transfer.uploading') : t('transfer.chooseFile')}
              </Button>
            </Upload>
            <Space wrap>
              <Typography.Text>{t('transfer.template')}:</Typography.Text>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void saveFile(TRANSFER_PATHS.template(definition, 'csv'), `${definition.savedViewKey}-import-template.csv`)}
              >
                {t('transfer.templateCsv')}
              </Button>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  void saveFile(TRANSFER_PATHS.template(definition, 'xlsx'), `${definition.savedViewKey}-import-template.xlsx`)
                }
              >
                {t('transfer.templateXlsx')}
              </Button>
            </Space>
          </Space>
        ) : null}

        {step === 1 && imp ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Text>
              {t('transfer.fileInfo', {
                fileName: imp.fileName,
                columns: imp.columns.length,
                format: imp.format.toUpperCase(),
                encoding: imp.encoding,
              })}
            </Typography.Text>
            <ScrollRegion label={t('transfer.stepMapping')}>
              <Table
                rowKey="name"
                size="small"
                pagination={false}
                dataSource={imp.columns.map((name) => ({ name }))}
                columns={[
                  {
                    key: 'name',
                    title: t('transfer.column'),
                    // on a phone the samples go under the column's name: two columns fit 390 px
                    render: (_v, r) =>
                      narrow ? (
                        <Space direction="vertical" size={0}>
                          <span>{r.name}</span>
                          <Typography.Text type="secondary">{(samples.get(r.name) ?? []).join(', ')}</Typography.Text>
                        </Space>
                      ) : (
                        r.name
                      ),
                  },
                  ...(narrow
                    ? []
                    : [
                        {
                          key: 'samples',
                          title: t('transfer.samples'),
                          render: (_v: unknown, r: { name: string }) => (
                            <Typography.Text type="secondary">{(samples.get(r.name) ?? []).join(', ')}</Typography.Text>
                          ),
                        },
                      ]),
                  {
                    key: 'field',
                    title: t('transfer.field'),
                    render: (_v, r) => (
                      <Select
                        aria-label={t('transfer.fieldFor', { column: r.name })}
                        style={{ minWidth: narrow ? 150 : 200, width: '100%' }}
                        value={mapping[r.name] ?? ''}
                        onChange={(v: string) => setMapping({ ...mapping, [r.name]: v || null })}
                        options={[
                          { value: '', label: t('transfer.skip') },
                          ...fields.map((f) => ({
                            value: f.key,
                            label: `${label(f)}${f.required ? ' *' : ''}`,
                            disabled: used.has(f.key) && mapping[r.name] !== f.key,
                          })),
                        ]}
                        showSearch
                        optionFilterProp="label"
                        // every target in view at once on a desktop (a kind has up to ~20), scrolled on a phone
                        listHeight={440}
                      />
                    ),
                  },
                ]}
              />
            </ScrollRegion>
            <Space wrap>
              <Typography.Text>{t('transfer.dedupeKey')}</Typography.Text>
              <Select
                aria-label={t('transfer.dedupeKey')}
                style={{ minWidth: 200 }}
                value={dedupeKey ?? ''}
                onChange={(v: string) => setDedupeKey(v || null)}
                options={[
                  { value: '', label: t('transfer.noDedupe') },
                  ...(info.data?.dedupeKeys ?? []).filter((k) => used.has(k.key)).map((k) => ({ value: k.key, label: label(k) })),
                ]}
              />
            </Space>
            <Checkbox checked={createMissing} onChange={(e) => setCreateMissing(e.target.checked)}>
              {t('transfer.createMissing')}
            </Checkbox>
            <Space wrap>
              <Typography.Text>{t('transfer.dateFormat')}</Typography.Text>
              <Select
                aria-label={t('transfer.dateFormat')}
                value={dateFormat}
                onChange={(v: ImportDateFormat) => setDateFormat(v)}
                options={IMPORT_DATE_FORMATS.map((f) => ({ value: f, label: f }))}
              />
            </Space>
            <Space wrap>
              <Button onClick={restart}>{t('transfer.back')}</Button>
              <Button type="primary" onClick={() => void onCheck()} loading={put.isPending || validate.isPending}>
                {validate.isPending ? t('transfer.validating') : t('transfer.validate')}
              </Button>
            </Space>
          </Space>
        ) : null}

        {step === 2 && check ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Alert
              type={check.rejected > 0 ? 'warning' : 'success'}
              showIcon
              message={t('transfer.summary', check)}
              description={
                check.missingReferences.length > 0 ? t('transfer.missingReferences', { count: check.missingReferences.length }) : undefined
              }
            />
            {check.errors.length > 0 ? (
              <ScrollRegion label={t('transfer.errorsTitle')}>
                <Table
                  caption={t('transfer.errorsTitle')}
                  rowKey={(e) => `${e.row}-${e.field}`}
                  size="small"
                  pagination={{ pageSize: 25, hideOnSinglePage: true }}
                  dataSource={check.errors}
                  columns={[
                    { key: 'row', title: t('transfer.row'), dataIndex: 'row', width: 80 },
                    { key: 'column', title: t('transfer.column'), dataIndex: 'column' },
                    { key: 'message', title: t('transfer.problem'), render: (_v, e) => errorMessage(e) },
                  ]}
                />
              </ScrollRegion>
            ) : null}
            <Space wrap>
              <Button onClick={() => setStep(1)}>{t('transfer.back')}</Button>
              <Button type="primary" disabled={check.valid === 0} loading={run.isPending} onClick={() => void onRun()}>
                {t('transfer.start', { count: check.valid })}
              </Button>
            </Space>
          </Space>
        ) : null}

        {step === 3 && current?.job ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <JobProgress jobId={current.job.id} label={t('transfer.progress')} />
            {finished ? (
              <Typography.Paragraph>
                {t('transfer.result', { created: current.created, updated: current.updated, rejected: current.rejected })}
              </Typography.Paragraph>
            ) : null}
            {current.undoJob ? <JobProgress jobId={current.undoJob.id} label={t('transfer.undoProgress')} /> : null}
            <Space wrap>
              {finished && current.rejected > 0 ? (
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    void saveFile(TRANSFER_PATHS.rejected(current.id, 'csv'), current.fileName.replace(/\.\w+$/, '') + '-rejected.csv')
                  }
                >
                  {t('transfer.downloadRejected')}
                </Button>
              ) : null}
              {finished && !current.undoJob && current.job.status === 'succeeded' ? (
                <Button danger loading={undo.isPending} onClick={() => void onUndo()}>
                  {t('transfer.undo')}
                </Button>
              ) : null}
              {finished && (!undoJob.data || isFinished(undoJob.data)) ? (
                <Button type="primary" onClick={restart}>
                  {t('transfer.newImport')}
                </Button>
              ) : null}
              <LinkButton to={definition.web.path}>{text('transfer.toList')}</LinkButton>
            </Space>
          </Space>
        ) : null}
      </Card>
    </div>
  );

  // The field's label and the rule's words in the user's language ("Customer tier: Choose one
  // of the options"), never the schema's key and code; an error of no field keeps the server's text
  function errorMessage(e: ImportValidation['errors'][number]): string {
    const field = byKey.get(e.field);
    return field ? `${label(field)}: ${errorText(t, e.code)}` : e.message || errorText(t, e.code);
  }
}

import { RECYCLE_BIN_DAYS, TAG_COLORS, type EntityColumn, type EntityRecord, type Tag } from '@atrium/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Progress, Select, Typography } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { apiRequest } from '../api/api-client';
import { isApiError } from '../api/api-error';
import { useConfirm } from '../confirm/confirm-modal';
import { errorText } from '../feedback/form-errors';
import { useAccess } from '../permissions/use-access';
import { TAG_PATHS, useCreateTag, useTagList } from '../tags/tags.api';
import type { EntityApi } from '../entity/entity-api';
import type { BulkAction, EntityListRequest } from '../entity/list-definition';
import { useExportList } from '../import-export/transfer-actions';
import { useEntityText } from '../entity/entity-text';
import { FieldValueInput, inlineEditable, patchFor } from '../entity/inline-editor';
import { useMovedToBin } from './recycle-bin';

type Dialog = { kind: 'edit' | 'tag' | 'untag'; rows: EntityRecord[] } | null;
type Outcome = { done: number; failed: string[] };
// the picker's value for a tag still to be created, followed by its name
const NEW_TAG = 'new:';

// Runs one call per record with a progress bar; failures are listed by record title.
async function eachRecord(
  rows: EntityRecord[],
  run: (r: EntityRecord) => Promise<unknown>,
  onProgress: (n: number) => void,
): Promise<Outcome> {
  const failed: string[] = [];
  let done = 0;
  for (const r of rows) {
    try {
      await run(r);
    } catch (e) {
      failed.push(`${r.title}${isApiError(e) && e.fieldErrors[0] ? ` (${e.fieldErrors[0].message})` : ''}`);
    }
    done += 1;
    onProgress(done);
  }
  return { done: done - failed.length, failed };
}

// Bulk actions of an entity list beyond archiving: change a field, add or remove a tag, delete,
// export the selection. Each writes record by record with its own version (If-Match), so a
// record someone changed meanwhile is reported, not overwritten.
export function useEntityBulkActions(api: EntityApi, columns: EntityColumn[]) {
  const { definition } = api;
  const { t, text } = useEntityText(definition);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const qc = useQueryClient();
  const { can } = useAccess();
  const tags = useTagList('');
  const createTag = useCreateTag();
  // a name typed in the tag picker that no tag has yet: offered as a new tag (issue 26, item 2)
  const [tagSearch, setTagSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [progress, setProgress] = useState<{ n: number; of: number } | null>(null);
  const [field, setField] = useState<string | null>(null);
  const [tagId, setTagId] = useState<string | null>(null);
  const resolve = useRef<((ok: boolean) => void) | null>(null);
  const p = definition.permissions;
  const manage = can({ permissions: [p.manage] });
  const movedToBin = useMovedToBin(api);

  const open = (kind: NonNullable<Dialog>['kind']) => (rows: EntityRecord[]) =>
    new Promise<boolean>((r) => {
      resolve.current = r;
      setField(null);
      setTagId(null);
      setTagSearch('');
      setDialog({ kind, rows });
    });
  // the selection stays after a change: the user may act on the same records again
  const close = () => {
    resolve.current?.(false);
    resolve.current = null;
    setDialog(null);
    setProgress(null);
  };
  const report = (outcome: Outcome) => {
    void qc.invalidateQueries({ queryKey: api.keys.all() });
    if (outcome.failed.length === 0) message.success(t('list.bulkDone', { count: outcome.done }));
    else message.warning(t('list.bulkPartly', { count: outcome.done, failed: outcome.failed.join(', ') }), 8);
  };
  const runAll = async (rows: EntityRecord[], run: (r: EntityRecord) => Promise<unknown>) => {
    setProgress({ n: 0, of: rows.length });
    const outcome = await eachRecord(rows, run, (n) => setProgress({ n, of: rows.length }));
    report(outcome);
    return outcome;
  };

  const tagOptions = (kind: NonNullable<Dialog>['kind']) => {
    const existing = (tags.data?.data ?? []).map((x) => ({ value: x.id, label: x.name }));
    const name = tagSearch.trim();
    const known = existing.some((x) => x.label.toLocaleLowerCase() === name.toLocaleLowerCase());
    return kind === 'tag' && name && !known
      ? [...existing, { value: `${NEW_TAG}${name}`, label: t('tags.createNamed', { name }) }]
      : existing;
  };
  // the new tag takes the palette's next colour, as on a record's tag card
  const newTag = async (name: string): Promise<string | null> => {
    try {
      const count = tags.data?.data.length ?? 0;
      return (await createTag.mutateAsync({ name, color: TAG_COLORS[count % TAG_COLORS.length] ?? TAG_COLORS[0] })).id;
    } catch (err) {
      void message.error(isApiError(err) ? errorText(t, err.code) : t('tags.failed'));
      return null;
    }
  };

  const setTagsOf = (r: EntityRecord, next: string[]) =>
    apiRequest<Tag[]>(TAG_PATHS.entity({ entityKind: definition.kind, entityId: r.id }), { method: 'PUT', body: { tagIds: next } });

  // the selection through the same export as the list's toolbar (issue 14): the server writes
  // the file with the list's columns, references with title and id
  const exporter = useExportList(definition);
  const exportSelected = async (rows: EntityRecord[], { columns: visible, request }: { columns: string[]; request: EntityListRequest }) => {
    await exporter.run('csv', { request, columns: visible, ids: rows.map((r) => r.id) });
    return false;
  };

  const actions: BulkAction<EntityRecord>[] = [
    ...(manage
      ? [
          { key: 'edit', labelKey: 'list.bulkEdit', when: 'active' as const, run: open('edit') },
          ...(definition.capabilities.tags
            ? [
                { key: 'tag', labelKey: 'list.bulkTag', when: 'active' as const, run: open('tag') },
                { key: 'untag', labelKey: 'list.bulkUntag', when: 'active' as const, run: open('untag') },
              ]
            : []),
        ]
      : []),
    ...(exporter.allowed ? [{ key: 'export', labelKey: 'list.bulkExport', run: exportSelected }] : []),
    ...(can({ permissions: [p.delete] })
      ? [
          {
            key: 'delete',
            labelKey: 'common.delete',
            danger: true,
            run: async (rows: EntityRecord[]) => {
              const count = rows.length;
              const ok = await confirm({
                title: text('list.bulkDeleteTitle', { count }),
                description: text('entity.deleteText', { days: RECYCLE_BIN_DAYS }),
                okText: t('common.delete'),
                danger: true,
              });
              if (!ok) return false;
              // the toast says what moved to the recycle bin, with an Undo (decision 086)
              const moved: string[] = [];
              const outcome = await eachRecord(
                rows,
                async (r) => {
                  await apiRequest(api.paths.record(r.id), { method: 'DELETE', headers: { 'if-match': `"${r.version}"` } });
                  moved.push(r.id);
                },
                () => undefined,
              );
              void qc.invalidateQueries({ queryKey: api.keys.all() });
              movedToBin(moved, outcome.failed);
              return true;
            },
          },
        ]
      : []),
  ];

  const editable = columns.filter((c) => inlineEditable(definition, c));
  const chosen = editable.find((c) => c.key === field);
  // the value the edit dialog collects, through the same input as a list cell
  const [value, setValue] = useState<unknown>(null);

  const dialogs: ReactNode = dialog ? (
    <Modal
      open
      title={t(`list.bulk${dialog.kind === 'edit' ? 'Edit' : dialog.kind === 'tag' ? 'Tag' : 'Untag'}`)}
      okText={t('list.bulkApply', { count: dialog.rows.length })}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: dialog.kind === 'edit' ? !chosen : !tagId, loading: progress !== null }}
      onCancel={close}
      onOk={async () => {
        if (dialog.kind === 'edit' && chosen) {
          await runAll(dialog.rows, async (r) => {
            const ops = patchFor(chosen, value, r);
            if (ops.length > 0)
              await apiRequest(api.paths.record(r.id), { method: 'PATCH', body: ops, headers: { 'if-match': `"${r.version}"` } });
          });
        } else if (tagId) {
          const id = tagId.startsWith(NEW_TAG) ? await newTag(tagId.slice(NEW_TAG.length)) : tagId;
          if (id === null) return;
          await runAll(dialog.rows, (r) => {
            const current = (r.tags ?? []).map((x) => x.id);
            return setTagsOf(r, dialog.kind === 'tag' ? [...new Set([...current, id])] : current.filter((x) => x !== id));
          });
        }
        close();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{text('list.bulkFor', { count: dialog.rows.length })}</Typography.Paragraph>
      {dialog.kind === 'edit' ? (
        <Form layout="vertical">
          <Form.Item label={t('list.bulkField')}>
            <Select
              aria-label={t('list.bulkField')}
              showSearch
              optionFilterProp="label"
              value={field ?? undefined}
              onChange={(v: string) => {
                setField(v);
                setValue(null);
              }}
              options={editable.map((c) => ({ value: c.key, label: c.custom ? c.label : t(c.label) }))}
            />
          </Form.Item>
          {chosen ? (
            <Form.Item label={t('list.bulkValue')}>
              <FieldValueInput definition={definition} column={chosen} value={value} onChange={setValue} />
            </Form.Item>
          ) : null}
        </Form>
      ) : (
        <Select
          aria-label={t('list.bulkTagPick')}
          style={{ width: '100%' }}
          showSearch
          optionFilterProp="label"
          value={tagId ?? undefined}
          onChange={(v: string) => setTagId(v)}
          onSearch={setTagSearch}
          options={tagOptions(dialog.kind)}
        />
      )}
      {progress ? <Progress percent={Math.round((progress.n / progress.of) * 100)} aria-label={t('list.bulkProgress')} /> : null}
      {dialog.kind === 'edit' && chosen ? <Typography.Text type="secondary">{t('list.bulkEditHint')}</Typography.Text> : null}
    </Modal>
  ) : null;

  return { actions, dialogs };
}

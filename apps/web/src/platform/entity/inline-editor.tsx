import { optionLabelKey, type EntityColumn, type EntityDefinition, type EntityRecord, type JsonPatchOperation } from '@atrium/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../dates/date-input';
import { isApiError } from '../api/api-error';
import { customKeyOf } from '../entity-fields/field-value';
import { errorText } from '../feedback/form-errors';
import type { EntityApi } from './entity-api';
import { ReferencePicker } from './reference-picker';

// Kinds of values a list cell can edit in place; option lists and files open the record instead.
const EDITABLE_BUILTIN = new Set(['text', 'email', 'url', 'phone', 'integer', 'decimal', 'money', 'enum', 'reference', 'date', 'dateTime']);
const EDITABLE_CUSTOM = new Set(['text', 'number', 'date', 'dateTime']);

export function inlineEditable(definition: EntityDefinition, column: EntityColumn): boolean {
  const custom = customKeyOf(column.key);
  if (custom !== null) return EDITABLE_CUSTOM.has(column.type);
  // the stage is edited with its workflow's stages as options (the list passes them)
  if (column.key === 'workflowStage') return (column.options?.length ?? 0) > 0;
  const f = definition.fields[column.key];
  return f !== undefined && !f.readOnly && f.form && EDITABLE_BUILTIN.has(f.kind);
}

// The JSON Patch that sets one column of a record (custom fields live under /customFields).
export function patchFor(column: EntityColumn, value: unknown, record: EntityRecord): JsonPatchOperation[] {
  const custom = customKeyOf(column.key);
  const empty = value === null || value === undefined || value === '';
  if (custom === null) return [{ op: 'replace', path: `/${column.key}`, value: empty ? null : value }];
  const path = `/customFields/${custom}`;
  if (empty) return custom in record.customFields ? [{ op: 'remove', path }] : [];
  return [{ op: 'add', path, value }];
}

type InputProps = {
  definition: EntityDefinition;
  column: EntityColumn;
  value: unknown;
  onChange: (value: unknown) => void;
  // a choice (select, date, record) commits at once; typed values commit on Enter or blur
  onCommit?: (value: unknown) => void;
  onCancel?: () => void;
  disabled?: boolean;
  autoFocus?: boolean;
};

// One column's value as an input: by the field's kind (built-in) or the column's type (custom).
export function FieldValueInput({ definition, column, value, onChange, onCommit, onCancel, disabled, autoFocus }: InputProps) {
  const { t } = useTranslation();
  const custom = customKeyOf(column.key);
  const f = custom === null ? definition.fields[column.key] : undefined;
  const label = custom === null ? t(f?.label ?? column.key) : column.label;
  const commit = (v: unknown) => {
    onChange(v);
    onCommit?.(v);
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && onCancel) {
      e.stopPropagation();
      onCancel();
    }
    if (e.key === 'Enter' && onCommit) {
      e.preventDefault();
      e.stopPropagation();
      onCommit(value);
    }
  };
  const common = { 'aria-label': label, autoFocus: autoFocus ?? false, onKeyDown: keys, disabled: disabled ?? false };

  if (f?.kind === 'reference' && f.target && column.key !== 'workflowStage') {
    return (
      <div onKeyDown={keys}>
        <ReferencePicker lookup={f.target} aria-label={label} value={(value as string | null) ?? null} onChange={commit} />
      </div>
    );
  }
  const options = f?.kind === 'enum' ? (f.options ?? []).map((o) => ({ value: o, label: t(optionLabelKey(f, o)) })) : column.options;
  if (options && options.length > 0) {
    return (
      <Select
        {...common}
        defaultOpen={onCommit !== undefined}
        allowClear
        style={{ minWidth: 140, width: '100%' }}
        value={(value as string | null) ?? undefined}
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        onChange={(v: string | undefined) => commit(v ?? null)}
        {...(onCancel ? { onBlur: onCancel } : {})}
      />
    );
  }
  if (column.type === 'number') {
    return (
      <InputNumber
        {...common}
        value={typeof value === 'number' ? value : null}
        precision={f?.scale ?? (f?.kind === 'money' ? 2 : undefined)}
        onChange={(v) => onChange(v)}
        {...(onCommit ? { onBlur: () => onCommit(value) } : {})}
        style={{ width: '100%' }}
      />
    );
  }
  if (column.type === 'date' || column.type === 'dateTime') {
    const withTime = column.type === 'dateTime';
    return (
      <DateInput
        {...common}
        defaultOpen={onCommit !== undefined}
        showTime={withTime}
        value={typeof value === 'string' && value ? dayjs(value) : null}
        onChange={(d) => commit(d ? (withTime ? d.toISOString() : d.format('YYYY-MM-DD')) : null)}
        {...(onCancel
          ? {
              onOpenChange: (open: boolean) => {
                if (!open) onCancel();
              },
            }
          : {})}
        style={{ width: '100%' }}
      />
    );
  }
  return (
    <Input
      {...common}
      value={typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.target.value)}
      {...(onCommit ? { onBlur: () => onCommit(value) } : {})}
      status={f?.max !== undefined && typeof value === 'string' && value.length > f.max ? 'error' : ''}
    />
  );
}

// One cell in edit mode: Enter, a choice or leaving the cell saves (JSON Patch with the row's
// version), Escape cancels. A stale row is refused (412) and the list reloads with the newer one.
export function InlineEditor({
  api,
  column,
  record,
  done,
}: {
  api: EntityApi;
  column: EntityColumn;
  record: EntityRecord;
  done: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const patch = api.usePatch();
  const custom = customKeyOf(column.key);
  const f = custom === null ? api.definition.fields[column.key] : undefined;
  const initial = custom === null ? record[column.key] : record.customFields[custom];
  const [value, setValue] = useState<unknown>(initial ?? null);
  // Enter then blur, or a choice then blur, must not save twice (the second would be stale)
  const saved = useRef(false);

  const save = (next: unknown) => {
    if (saved.current) return;
    saved.current = true;
    const ops = patchFor(column, next, record);
    if (JSON.stringify(next ?? null) === JSON.stringify(initial ?? null) || ops.length === 0) {
      done();
      return;
    }
    patch.mutate(
      { id: record.id, ops, version: record.version },
      {
        onSuccess: () => done(),
        onError: (e) => {
          if (isApiError(e) && e.status === 412) {
            message.warning(t('list.staleRow'));
            void qc.invalidateQueries({ queryKey: api.keys.lists() });
            done();
            return;
          }
          saved.current = false;
          const code = isApiError(e) ? (e.fieldErrors[0]?.code ?? e.code) : 'validation';
          message.error(errorText(t, code, { max: f?.max, min: f?.min }));
        },
      },
    );
  };
  return (
    <FieldValueInput
      definition={api.definition}
      column={column}
      value={value}
      onChange={setValue}
      onCommit={save}
      onCancel={done}
      disabled={patch.isPending}
      autoFocus
    />
  );
}

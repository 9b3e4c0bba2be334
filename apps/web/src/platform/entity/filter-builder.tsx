import { DeleteOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { CURRENT_USER, MODAL_WIDTH, RELATIVE_DAYS_MAX, filterOperatorsFor, type FilterOperator, type ListFilter } from '@atrium/domain';
import { Badge, Button, Input, InputNumber, Modal, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityFilterField } from './list-definition';
import { DateInput } from '../dates/date-input';
import { ReferencePicker, fetchLookup } from './reference-picker';
import { useQuery } from '@tanstack/react-query';
import { workspaceKey } from '../api/query-keys';

type Value = ListFilter['value'];
type Draft = { field: string; op: FilterOperator; value: Value };

const NO_VALUE: readonly FilterOperator[] = ['isEmpty', 'isNotEmpty'];
const MANY: readonly FilterOperator[] = ['in', 'notIn'];
const RELATIVE: readonly FilterOperator[] = ['inLast', 'inNext'];
// operators whose value is a record picked from a lookup
const PICKED: readonly FilterOperator[] = ['eq', 'neq', 'in', 'notIn'];

const fieldTitle = (f: EntityFilterField | undefined, t: (k: string) => string) => (f ? (f.title ?? t(f.titleKey)) : '');

// A draft is complete when its operator has what it needs; incomplete rows are dropped on apply.
function complete(d: Draft): boolean {
  if (NO_VALUE.includes(d.op)) return true;
  if (MANY.includes(d.op)) return Array.isArray(d.value) && d.value.length > 0;
  if (d.op === 'between') return Array.isArray(d.value) && d.value.length === 2 && d.value.every((v) => v !== '' && v !== null);
  return d.value !== undefined && d.value !== null && d.value !== '';
}

function ValueInput({
  field,
  draft,
  onChange,
  label,
}: {
  field: EntityFilterField;
  draft: Draft;
  onChange: (v: Value) => void;
  label: string;
}) {
  const { t } = useTranslation();
  if (NO_VALUE.includes(draft.op)) return null;
  const many = MANY.includes(draft.op);
  if (RELATIVE.includes(draft.op)) {
    return (
      <InputNumber
        aria-label={label}
        min={1}
        max={RELATIVE_DAYS_MAX}
        precision={0}
        suffix={t('filters.daysUnit')}
        value={typeof draft.value === 'number' ? draft.value : null}
        onChange={(v) => onChange(v)}
        style={{ width: 140 }}
      />
    );
  }
  if (field.lookup && PICKED.includes(draft.op)) {
    return (
      <div style={{ minWidth: 220 }}>
        <ReferencePicker
          lookup={field.lookup}
          aria-label={label}
          multiple={many}
          // a user field can mean whoever looks at the list (a view "my tasks" for everyone)
          {...(field.lookup === 'User' ? { extraOptions: [{ value: CURRENT_USER, label: t('filters.me') }] } : {})}
          value={Array.isArray(draft.value) ? draft.value.map(String) : typeof draft.value === 'string' ? draft.value : null}
          onChange={(v) => onChange(v)}
        />
      </div>
    );
  }
  if (field.options && field.options.length > 0) {
    return (
      <Select
        aria-label={label}
        style={{ minWidth: 180 }}
        {...(many ? { mode: 'multiple' as const } : {})}
        value={draft.value ?? undefined}
        onChange={(v: Value) => onChange(v)}
        options={field.options.map((o) => ({ value: o.value, label: o.label }))}
      />
    );
  }
  if (field.type === 'boolean') {
    return (
      <Select
        aria-label={label}
        style={{ minWidth: 120 }}
        value={typeof draft.value === 'boolean' ? String(draft.value) : undefined}
        onChange={(v: string) => onChange(v === 'true')}
        options={[
          { value: 'true', label: t('filters.yes') },
          { value: 'false', label: t('filters.no') },
        ]}
      />
    );
  }
  if (many) {
    return (
      <Select
        aria-label={label}
        mode="tags"
        style={{ minWidth: 200 }}
        value={Array.isArray(draft.value) ? draft.value.map(String) : []}
        onChange={(v: string[]) => onChange(v)}
        open={false}
      />
    );
  }
  const single = (value: Value, set: (v: string | number | null) => void, aria: string) => {
    if (field.type === 'number')
      return <InputNumber aria-label={aria} value={typeof value === 'number' ? value : null} onChange={(v) => set(v)} />;
    if (field.type === 'date' || field.type === 'dateTime') {
      const withTime = field.type === 'dateTime';
      return (
        <DateInput
          aria-label={aria}
          showTime={withTime}
          value={typeof value === 'string' && value ? dayjs(value) : null}
          onChange={(d) => set(d ? (withTime ? d.toISOString() : d.format('YYYY-MM-DD')) : null)}
        />
      );
    }
    return (
      <Input
        aria-label={aria}
        value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
        onChange={(e) => set(e.target.value)}
        style={{ width: 200 }}
      />
    );
  };
  if (draft.op === 'between') {
    const pair = Array.isArray(draft.value) ? draft.value : [];
    const setAt = (i: number) => (v: string | number | null) => {
      const next = [pair[0] ?? '', pair[1] ?? ''];
      next[i] = v ?? '';
      onChange(next);
    };
    return (
      <Space>
        {single(pair[0] ?? null, setAt(0), t('filters.from'))}
        {single(pair[1] ?? null, setAt(1), t('filters.to'))}
      </Space>
    );
  }
  return single(draft.value ?? null, (v) => onChange(v), label);
}

// Filters on any field of the list with every operator of the list query; the applied filters
// show as tags that remove themselves when closed.
export function FilterBuilder({
  fields,
  filters,
  onChange,
}: {
  fields: EntityFilterField[];
  filters: ListFilter[];
  onChange: (filters: ListFilter[]) => void;
}) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const byField = new Map(fields.map((f) => [f.field, f]));
  const opsOf = (field: string): readonly FilterOperator[] => {
    const f = byField.get(field);
    return f ? filterOperatorsFor(f) : [];
  };

  // the applied filters plus one empty row ready to fill (incomplete rows are dropped on apply)
  const open = () =>
    setDrafts([...filters.map((f) => ({ field: f.field, op: f.op, value: f.value })), { field: '', op: 'eq', value: undefined }]);
  const setDraft = (i: number, patch: Partial<Draft>) =>
    setDrafts((prev) => (prev ?? []).map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const apply = () => {
    onChange(
      (drafts ?? [])
        .filter(complete)
        .map((d) => (NO_VALUE.includes(d.op) ? { field: d.field, op: d.op } : { field: d.field, op: d.op, value: d.value })),
    );
    setDrafts(null);
  };

  // applied filters on references name the records, not their ids
  const refIds = filters.flatMap((f) => {
    const lookup = byField.get(f.field)?.lookup;
    const ids = Array.isArray(f.value) ? f.value.map(String) : typeof f.value === 'string' ? [f.value] : [];
    return lookup && PICKED.includes(f.op) ? ids.filter((id) => id !== CURRENT_USER).map((id) => ({ lookup, id })) : [];
  });
  const titles = useQuery({
    queryKey: workspaceKey('filter-titles', refIds),
    enabled: refIds.length > 0,
    queryFn: async () => {
      const out = new Map<string, string>();
      for (const lookup of new Set(refIds.map((r) => r.lookup))) {
        const ids = refIds.filter((r) => r.lookup === lookup).map((r) => r.id);
        for (const o of await fetchLookup(lookup, '', [], ids)) out.set(o.value, o.label);
      }
      return out;
    },
  });
  const shown = (v: unknown) => (v === CURRENT_USER ? t('filters.me') : (titles.data?.get(String(v)) ?? String(v)));

  const describe = (f: ListFilter) => {
    const value =
      f.value === undefined || f.value === null
        ? ''
        : RELATIVE.includes(f.op)
          ? t('filters.days', { count: Number(f.value) })
          : Array.isArray(f.value)
            ? f.value.map(shown).join(f.op === 'between' ? ' – ' : ', ')
            : shown(f.value);
    return `${fieldTitle(byField.get(f.field), t)} ${t(`filters.op.${f.op}`)} ${value}`.trim();
  };

  return (
    <>
      <Badge count={filters.length} size="small">
        <Button icon={<FilterOutlined />} onClick={open}>
          {t('filters.title')}
        </Button>
      </Badge>
      {filters.map((f, i) => (
        <Tag
          key={`${f.field}-${f.op}-${i}`}
          closable
          closeIcon={<span aria-label={t('filters.remove', { filter: describe(f) })}>×</span>}
          onClose={(e) => {
            e.preventDefault();
            onChange(filters.filter((_, j) => j !== i));
          }}
        >
          {describe(f)}
        </Tag>
      ))}
      <Modal
        open={drafts !== null}
        width={MODAL_WIDTH + 240}
        title={t('filters.title')}
        okText={t('filters.apply')}
        cancelText={t('common.cancel')}
        onOk={apply}
        onCancel={() => setDrafts(null)}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          {(drafts ?? []).map((d, i) => {
            const field = byField.get(d.field);
            const n = i + 1;
            return (
              <Space key={i} wrap role="group" aria-label={t('filters.row', { n })}>
                <Select
                  aria-label={t('filters.field', { n })}
                  showSearch
                  optionFilterProp="label"
                  style={{ minWidth: 180 }}
                  value={d.field || undefined}
                  onChange={(v: string) =>
                    setDraft(i, { field: v, op: opsOf(v).includes(d.op) ? d.op : (opsOf(v)[0] ?? 'eq'), value: undefined })
                  }
                  options={fields.map((f) => ({ value: f.field, label: fieldTitle(f, t) }))}
                />
                <Select
                  aria-label={t('filters.operator', { n })}
                  style={{ minWidth: 160 }}
                  value={d.op}
                  onChange={(op: FilterOperator) =>
                    setDraft(i, {
                      op,
                      value:
                        MANY.includes(op) !== MANY.includes(d.op) ||
                        RELATIVE.includes(op) !== RELATIVE.includes(d.op) ||
                        op === 'between' ||
                        d.op === 'between'
                          ? undefined
                          : d.value,
                    })
                  }
                  options={opsOf(d.field).map((op) => ({ value: op, label: t(`filters.op.${op}`) }))}
                />
                {field ? (
                  <ValueInput field={field} draft={d} label={t('filters.value', { n })} onChange={(value) => setDraft(i, { value })} />
                ) : null}
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('filters.removeRow', { n })}
                  onClick={() => setDrafts((prev) => (prev ?? []).filter((_, j) => j !== i))}
                />
              </Space>
            );
          })}
          <Button
            icon={<PlusOutlined />}
            onClick={() =>
              setDrafts((prev) => [
                ...(prev ?? []),
                { field: fields[0]?.field ?? '', op: opsOf(fields[0]?.field ?? '')[0] ?? 'eq', value: undefined },
              ])
            }
          >
            {t('filters.add')}
          </Button>
        </Space>
      </Modal>
    </>
  );
}

import { contactEntity, ISO_WEEKDAYS, type CustomQueryFilter, type ListFilter } from '@atrium/domain';
import { Checkbox, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBuilder } from '../../platform/entity/filter-builder';
import type { EntityFilterField } from '../../platform/entity/list-definition';
import type { StructuredEditorProps } from '../../platform/entity/web-entity';
import { useEmailTemplates } from '../../platform/mail/mail.api';
import { useContactFields, useQueryCount, useSegmentCount, useSegmentOptions } from './campaigns.api';

const asQuery = (v: unknown): CustomQueryFilter | null =>
  v && typeof v === 'object' && Array.isArray((v as CustomQueryFilter).filters) ? (v as CustomQueryFilter) : null;

// "{{count}} contacts", announced to screen readers as it changes
export function LiveCount({ count, pending }: { count: number | undefined; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" aria-live="polite" data-testid="segment-count">
      {count === undefined || pending ? t('campaigns.counting') : t('campaigns.count', { count })}
    </Typography.Text>
  );
}

// A dynamic segment's query: the contacts list's own filter builder over the contact fields,
// with the number of contacts it matches now.
export function SegmentQueryEditor({ value, onChange, disabled }: StructuredEditorProps) {
  const { t } = useTranslation();
  const query = asQuery(value);
  const columns = useContactFields();
  const count = useQueryCount(query);
  const fields: EntityFilterField[] = (columns.data ?? []).map((c) => {
    const lookup = c.custom ? undefined : contactEntity.fields[c.key]?.target;
    const options = c.options?.map((o) => ({ ...o, label: c.custom ? o.label : t(o.label) }));
    return {
      field: c.key,
      ...(c.custom ? { titleKey: c.key, title: c.label } : { titleKey: c.label }),
      type: c.type as EntityFilterField['type'],
      ...(options ? { options } : {}),
      ...(lookup ? { lookup } : {}),
    };
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {disabled ? null : (
        <Space wrap>
          <FilterBuilder
            fields={fields}
            filters={(query?.filters ?? []) as ListFilter[]}
            onChange={(filters) => onChange?.({ ...query, filters })}
          />
        </Space>
      )}
      <LiveCount count={count.data?.count} pending={count.isFetching && !count.data} />
    </Space>
  );
}

function SegmentCountLine({ id, label }: { id: string; label: string }) {
  const count = useSegmentCount(id);
  return (
    <div>
      {label}: <LiveCount count={count.data?.count} pending={count.isPending} />
    </div>
  );
}

// A campaign's segments, each with its live count.
export function SegmentsPicker({ id, value, onChange, disabled }: StructuredEditorProps) {
  const options = useSegmentOptions('');
  const ids = Array.isArray(value) ? value.map(String) : [];
  const labelOf = (v: string) => options.data?.find((o) => o.value === v)?.label ?? v;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        {...(id ? { id } : {})}
        mode="multiple"
        disabled={disabled}
        value={ids}
        onChange={(v: string[]) => onChange?.(v)}
        options={options.data ?? []}
        optionFilterProp="label"
        style={{ width: '100%' }}
      />
      {ids.map((s) => (
        <SegmentCountLine key={s} id={s} label={labelOf(s)} />
      ))}
    </Space>
  );
}

// A campaign's e-mail template: the workspace's templates of contacts.
export function TemplatePicker({ id, value, onChange, disabled }: StructuredEditorProps) {
  const { t } = useTranslation();
  const templates = useEmailTemplates('Contact');
  const options = (templates.data?.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        {...(id ? { id } : {})}
        allowClear
        disabled={disabled}
        value={typeof value === 'string' && value ? value : undefined}
        onChange={(v: string | undefined) => onChange?.(v ?? null)}
        options={options}
        optionFilterProp="label"
        showSearch
        style={{ width: '100%' }}
      />
      {templates.data && options.length === 0 ? <Typography.Text type="secondary">{t('campaigns.noTemplate')}</Typography.Text> : null}
    </Space>
  );
}

// A send window's weekdays (ISO 1 Monday … 7 Sunday) as checkboxes named in the page's
// language; none ticked is every day.
export function WeekdaysPicker({ id, value, onChange, disabled }: StructuredEditorProps) {
  const { i18n } = useTranslation();
  const days = Array.isArray(value) ? value.filter((d): d is number => typeof d === 'number') : [];
  // 2024-01-01 was a Monday
  const name = (d: number, weekday: 'long' | 'short') =>
    new Intl.DateTimeFormat(i18n.language, { weekday, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, d)));
  return (
    <Checkbox.Group
      {...(id ? { id } : {})}
      disabled={disabled}
      value={days}
      onChange={(v) => onChange?.([...v].sort((a, b) => Number(a) - Number(b)))}
      options={ISO_WEEKDAYS.map((d) => ({ value: d, label: <span title={name(d, 'long')}>{name(d, 'short')}</span> }))}
    />
  );
}

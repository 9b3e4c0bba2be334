import type { EntityColumn, FieldOption } from '@atrium/domain';
import { formatDate } from '../dates/format-date';
import { formatNumber } from '../i18n/number-format';

const optionLabel = (options: FieldOption[] | undefined, v: unknown) => options?.find((o) => o.value === v)?.label ?? String(v);

// A stored value as a list cell shows it: option labels instead of values, files by name,
// dates in the spec's named formats.
export function formatColumnValue(column: Pick<EntityColumn, 'type' | 'options'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) {
    return value
      .map((v) => (typeof v === 'object' && v !== null && 'name' in v ? String(v.name) : optionLabel(column.options, v)))
      .join(', ');
  }
  if (column.type === 'date') return formatDate(String(value), 'date');
  if (column.type === 'dateTime') return formatDate(String(value), 'dateTime');
  if (column.options) return optionLabel(column.options, value);
  if (column.type === 'number' && typeof value === 'number') return formatNumber(value);
  return String(value);
}

// `customFields.<key>` names a custom field in list queries, columns and activity entries.
export const CUSTOM_FIELD_PREFIX = 'customFields.';
export const customKeyOf = (field: string): string | null =>
  field.startsWith(CUSTOM_FIELD_PREFIX) ? field.slice(CUSTOM_FIELD_PREFIX.length) : null;

// The value a column shows of a record: built-in fields by name, custom fields from customFields.
export function columnValue(record: object, key: string): unknown {
  const custom = customKeyOf(key);
  const r = record as Record<string, unknown>;
  if (custom === null) return r[key];
  const values = r.customFields;
  return typeof values === 'object' && values !== null ? (values as Record<string, unknown>)[custom] : undefined;
}

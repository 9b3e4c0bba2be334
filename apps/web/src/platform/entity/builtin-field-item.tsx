import { DateInput } from '../dates/date-input';
import { EMAIL_PATTERN, optionLabelKey, URL_PATTERN, type BuiltinField, type EntityDefinition } from '@atrium/domain';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorText } from '../feedback/form-errors';
import { ReferencePicker } from './reference-picker';
import { useWorkspaceCurrency } from './use-currency';
import { webEntityOf } from './web-entity';

// The client rules mirror the definition's own limits (shown, never re-typed); the server's answer
// is still the last word and lands on the same field.
function rulesOf(f: BuiltinField, t: TFunction): Rule[] {
  const rules: Rule[] = [];
  const limits = { min: f.min, max: f.max };
  if (f.required) rules.push({ required: true, whitespace: f.type === 'text', message: errorText(t, 'required') });
  if (f.type === 'text' && f.max !== undefined) rules.push({ max: f.max, message: errorText(t, 'maxLength', limits) });
  if (f.type === 'text' && f.min !== undefined) rules.push({ min: f.min, message: errorText(t, 'minLength', limits) });
  if (f.type === 'number' && f.max !== undefined) rules.push({ type: 'number', max: f.max, message: errorText(t, 'tooBig', limits) });
  if (f.type === 'number' && f.min !== undefined) rules.push({ type: 'number', min: f.min, message: errorText(t, 'tooSmall', limits) });
  if (f.kind === 'email') rules.push({ pattern: EMAIL_PATTERN, message: errorText(t, 'invalidEmail') });
  if (f.kind === 'url') rules.push({ pattern: URL_PATTERN, message: errorText(t, 'invalidUrl') });
  return rules;
}

// Form.Item hands its child id, value and onChange; each input takes them on.
type ControlProps = { f: BuiltinField; disabled: boolean; exclude?: readonly string[]; id?: string; value?: never; onChange?: never };

function Control({ f, disabled, exclude, ...bound }: ControlProps) {
  const { t } = useTranslation();
  const currency = useWorkspaceCurrency();
  switch (f.kind) {
    case 'longText':
      return <Input.TextArea {...bound} disabled={disabled} autoSize={{ minRows: 2, maxRows: 8 }} count={{ show: true, max: f.max }} />;
    case 'integer':
    case 'decimal':
      return <InputNumber {...bound} disabled={disabled} precision={f.scale ?? 0} style={{ width: '100%' }} />;
    case 'money':
      return <InputNumber {...bound} disabled={disabled} precision={2} addonAfter={currency} style={{ width: '100%' }} />;
    case 'boolean':
      return <Switch {...bound} disabled={disabled} />;
    case 'date':
      return <DateInput {...bound} disabled={disabled} style={{ width: '100%' }} />;
    case 'dateTime':
      return <DateInput {...bound} showTime disabled={disabled} style={{ width: '100%' }} />;
    case 'enum':
      return (
        <Select
          {...bound}
          allowClear
          disabled={disabled}
          // values only the server sets (a lead's Converted) are shown, never chosen
          options={(f.options ?? []).map((o) => ({ value: o, label: t(optionLabelKey(f, o)), disabled: f.serverValues?.includes(o) }))}
          style={{ width: '100%' }}
        />
      );
    case 'reference':
      return <ReferencePicker {...bound} lookup={f.target ?? ''} disabled={disabled} {...(exclude ? { exclude } : {})} />;
    default:
      return (
        <Input
          {...bound}
          disabled={disabled}
          type={f.kind === 'email' ? 'email' : f.kind === 'phone' ? 'tel' : f.kind === 'url' ? 'url' : 'text'}
          {...(f.max
            ? { count: { max: f.max, show: ({ count }: { count: number }) => (count > (f.max ?? 0) * 0.8 ? `${count} / ${f.max}` : '') } }
            : {})}
        />
      );
  }
}

// dates are edited as dayjs values and travel as ISO strings
const dateProps = (f: BuiltinField) =>
  f.kind === 'date' || f.kind === 'dateTime'
    ? {
        getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : null }),
        normalize: (v: dayjs.Dayjs | null) => (v ? (f.kind === 'date' ? v.format('YYYY-MM-DD') : v.toISOString()) : null),
      }
    : {};

// One built-in field of a kind as a form item: input by field kind, label from its caption,
// limits from its definition.
export function BuiltinFieldItem({
  definition,
  name,
  disabled,
  exclude,
  recordId,
}: {
  definition: EntityDefinition;
  name: string;
  disabled: boolean;
  exclude?: readonly string[];
  // the record edited (a kind's own editor may attach files to it)
  recordId?: string;
}) {
  const { t } = useTranslation();
  const f = definition.fields[name];
  if (!f) return null;
  // a structured value is edited by its kind's own editor, or not on the form at all; a plain
  // one (a campaign's template id) may have its kind's editor too (a picker)
  const Editor = webEntityOf(definition.kind)?.editors?.[name];
  if (f.kind === 'json' || Editor) {
    return Editor ? (
      <Form.Item name={name} label={t(f.label)} rules={rulesOf(f, t)}>
        <Editor disabled={disabled} {...(recordId ? { recordId } : {})} />
      </Form.Item>
    ) : null;
  }
  return (
    <Form.Item
      name={name}
      label={t(f.label)}
      rules={rulesOf(f, t)}
      {...(f.kind === 'boolean' ? { valuePropName: 'checked' } : {})}
      {...dateProps(f)}
    >
      <Control f={f} disabled={disabled} {...(exclude ? { exclude } : {})} />
    </Form.Item>
  );
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DATE_FORMATS,
  ENTITY_FIELD_LIMITS,
  FIELD_KEY_PATTERN,
  KIND_DATA_TYPES,
  MODAL_WIDTH,
  effectiveDataType,
  isContentBlock,
  type EntityFieldInput,
  type FieldDataType,
  type FieldKind,
} from '@atrium/domain';
import { Button, Checkbox, Col, Form, Input, InputNumber, Modal, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, maxLengthRule } from '../feedback/form-errors';

type OptionRow = { label?: string; value?: string };
type EditorValues = Omit<EntityFieldInput, 'options' | 'maxFileSize'> & { options?: OptionRow[]; maxFileSizeMb?: number };

const MB = 1024 * 1024;
const TEXTUAL: readonly FieldDataType[] = ['text', 'email', 'url', 'phone'];
const UNIQUE_TYPES: readonly FieldDataType[] = ['text', 'email', 'url', 'phone', 'number', 'decimal'];

// A field key from its label: camelCase letters and digits, starting with a letter.
export function keyFromLabel(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[^a-zA-Z0-9 ]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const key = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]?.toUpperCase() + w.slice(1).toLowerCase())).join('');
  if (!key) return '';
  return /^[a-zA-Z]/.test(key) ? key.slice(0, ENTITY_FIELD_LIMITS.keyMax) : `field${key}`.slice(0, ENTITY_FIELD_LIMITS.keyMax);
}

function toValues(f: EntityFieldInput): EditorValues {
  const { options, maxFileSize, ...rest } = f;
  return {
    ...rest,
    ...(options ? { options } : {}),
    ...(maxFileSize !== undefined ? { maxFileSizeMb: Math.round((maxFileSize / MB) * 10) / 10 } : {}),
  };
}

// Empty inputs mean "not set": the server's strict schema gets only attributes with a value.
function toInput(v: EditorValues, kind: FieldKind, id: string | undefined): EntityFieldInput {
  const out: Record<string, unknown> = { kind, ...(id ? { id } : {}) };
  for (const [k, value] of Object.entries(v)) {
    if (k === 'options' || k === 'maxFileSizeMb' || k === 'kind' || k === 'id') continue;
    if (value === undefined || value === null || value === '') continue;
    out[k] = typeof value === 'string' ? value.trim() : value;
  }
  if (v.options)
    out.options = v.options
      .filter((o) => o.label?.trim())
      .map((o) => ({ label: (o.label ?? '').trim(), value: (o.value?.trim() || o.label || '').trim() }));
  if (v.maxFileSizeMb) out.maxFileSize = Math.round(v.maxFileSizeMb * MB);
  return out as EntityFieldInput;
}

type Props = {
  // the field being edited (with its kind), or null when closed
  field: EntityFieldInput | null;
  others: EntityFieldInput[];
  canManageRestricted: boolean;
  onCancel: () => void;
  onDone: (field: EntityFieldInput) => void;
};

// Every attribute of spec §3, offered where the field's kind uses it.
export function FieldEditorModal({ field, others, canManageRestricted, onCancel, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditorValues>();
  // the field whose key the user typed by hand (then the key stops following the label)
  const [keyTypedFor, setKeyTypedFor] = useState<Props['field']>(null);
  const kind = field?.kind ?? 'singleLine';
  const block = isContentBlock(kind);
  const existing = Boolean(field?.id);
  const dataTypeWatch = Form.useWatch('dataType', form) as FieldDataType | undefined;
  const multiselect = Form.useWatch('multiselect', form) as boolean | undefined;
  const dataType = effectiveDataType({ kind, dataType: dataTypeWatch, multiselect });
  const options = (Form.useWatch('options', form) as OptionRow[] | undefined) ?? [];
  const hasOptions = kind === 'radio' || kind === 'checkbox' || kind === 'dropdown';
  const minOptions = ENTITY_FIELD_LIMITS.minOptions[kind] ?? 0;

  const sameAs = (a: string | undefined, b: string | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
  const submit = (values: EditorValues) => onDone(toInput(values, kind, field?.id));

  const check = (ok: boolean, code: string) => (ok ? Promise.resolve() : Promise.reject(new Error(errorText(t, code))));

  return (
    <Modal
      open={field !== null}
      width={MODAL_WIDTH + 200}
      title={t(existing ? 'fields.editTitle' : 'fields.addTitle', { kind: t(`fields.kind.${kind}`) })}
      okText={t('fields.apply')}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {field ? (
        <Form<EditorValues>
          form={form}
          layout="vertical"
          initialValues={toValues(field)}
          onFinish={submit}
          preserve={false}
          onValuesChange={(changed: Partial<EditorValues>) => {
            // the key follows the label as long as the user has not typed a key of their own, and
            // until the field exists (stored values are keyed by it)
            if (changed.key !== undefined) setKeyTypedFor(field);
            else if (changed.label !== undefined && !existing && keyTypedFor !== field)
              form.setFieldValue('key', keyFromLabel(changed.label));
          }}
        >
          <Form.Item
            name="label"
            label={t('fields.label')}
            rules={[
              { required: true, whitespace: true, message: errorText(t, 'required') },
              maxLengthRule(t, ENTITY_FIELD_LIMITS.labelMax),
              { validator: (_, v: string | undefined) => check(!others.some((o) => sameAs(o.label, v)), 'duplicateLabel') },
            ]}
          >
            <Input autoFocus />
          </Form.Item>
          {!block ? (
            <Form.Item
              name="key"
              label={t('fields.key')}
              extra={existing ? t('fields.keyFixed') : t('fields.keyHelp')}
              rules={[
                { required: true, message: errorText(t, 'required') },
                { pattern: FIELD_KEY_PATTERN, message: t('fields.keyInvalid') },
                maxLengthRule(t, ENTITY_FIELD_LIMITS.keyMax),
                { validator: (_, v: string | undefined) => check(!v || !others.some((o) => sameAs(o.key, v)), 'duplicateKey') },
              ]}
            >
              <Input disabled={existing} />
            </Form.Item>
          ) : (
            <Form.Item name="content" label={t('fields.content')} rules={[maxLengthRule(t, ENTITY_FIELD_LIMITS.contentMax)]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
            </Form.Item>
          )}
          {KIND_DATA_TYPES[kind].length > 1 && kind !== 'dropdown' ? (
            <Form.Item name="dataType" label={t('fields.dataType')} initialValue={KIND_DATA_TYPES[kind][0]}>
              <Select disabled={existing} options={KIND_DATA_TYPES[kind].map((d) => ({ value: d, label: t(`fields.dataType.${d}`) }))} />
            </Form.Item>
          ) : null}
          {kind === 'dateTime' ? (
            <Form.Item name="dateFormat" label={t('fields.dateFormat')}>
              <Select allowClear options={Object.values(DATE_FORMATS).map((f) => ({ value: f, label: f }))} />
            </Form.Item>
          ) : null}
          {kind === 'singleLine' || kind === 'symbol' ? (
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="prefix" label={t('fields.prefix')} rules={[maxLengthRule(t, ENTITY_FIELD_LIMITS.affixMax)]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="suffix" label={t('fields.suffix')} rules={[maxLengthRule(t, ENTITY_FIELD_LIMITS.affixMax)]}>
                  <Input />
                </Form.Item>
              </Col>
            </Row>
          ) : null}
          {TEXTUAL.includes(dataType) ? (
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="minCharacters" label={t('fields.minCharacters')}>
                  <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="maxCharacters"
                  label={t('fields.maxCharacters')}
                  dependencies={['minCharacters']}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: (_, v: number | undefined) => {
                        const min = getFieldValue('minCharacters') as number | undefined;
                        return check(v === undefined || v === null || min === undefined || min === null || min <= v, 'validation');
                      },
                    }),
                  ]}
                >
                  <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
          ) : null}
          {kind === 'file' ? (
            <Row gutter={12}>
              <Col span={8}>
                <Form.Item name="minFiles" label={t('fields.minFiles')}>
                  <InputNumber min={0} max={ENTITY_FIELD_LIMITS.filesMax} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="maxFiles" label={t('fields.maxFiles')}>
                  <InputNumber min={1} max={ENTITY_FIELD_LIMITS.filesMax} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="maxFileSizeMb" label={t('fields.maxFileSize')}>
                  <InputNumber min={0.1} max={50} step={1} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
          ) : null}
          {hasOptions ? (
            <Form.List
              name="options"
              initialValue={[]}
              rules={[
                {
                  validator: async (_, v: OptionRow[] | undefined) =>
                    check((v ?? []).filter((o) => o.label?.trim()).length >= minOptions, 'minimumOptions'),
                },
              ]}
            >
              {(rows, { add, remove }, { errors }) => (
                <fieldset className="field-options">
                  <legend>{t('fields.options')}</legend>
                  {rows.map((row, i) => (
                    <Space key={row.key} align="baseline">
                      <Form.Item
                        name={[row.name, 'label']}
                        rules={[{ required: true, whitespace: true, message: errorText(t, 'required') }]}
                      >
                        <Input aria-label={t('fields.optionLabel', { n: i + 1 })} placeholder={t('fields.optionLabel', { n: i + 1 })} />
                      </Form.Item>
                      <Form.Item name={[row.name, 'value']}>
                        <Input aria-label={t('fields.optionValue', { n: i + 1 })} placeholder={t('fields.optionValuePlaceholder')} />
                      </Form.Item>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('fields.removeOption', { n: i + 1 })}
                        onClick={() => remove(row.name)}
                      />
                    </Space>
                  ))}
                  <Button icon={<PlusOutlined />} onClick={() => add({ label: '', value: '' })}>
                    {t('fields.addOption')}
                  </Button>
                  <Form.ErrorList errors={errors} />
                </fieldset>
              )}
            </Form.List>
          ) : null}
          {!block ? (
            <>
              <Form.Item name="helpText" label={t('fields.helpText')} rules={[maxLengthRule(t, ENTITY_FIELD_LIMITS.helpTextMax)]}>
                <Input />
              </Form.Item>
              <Form.Item name="tooltip" label={t('fields.tooltip')} rules={[maxLengthRule(t, ENTITY_FIELD_LIMITS.tooltipMax)]}>
                <Input />
              </Form.Item>
              <DefaultValueItem dataType={dataType} options={options} />
            </>
          ) : null}
          <fieldset className="field-flags">
            <legend>{t('fields.behaviour')}</legend>
            <Space wrap>
              {!block ? <Flag name="required" /> : null}
              {!block && UNIQUE_TYPES.includes(dataType) ? <Flag name="unique" /> : null}
              <Flag name="hidden" />
              <Flag name="hideOnPortal" />
              {!block ? <Flag name="readOnly" /> : null}
              {!block ? <Flag name="restricted" disabled={!canManageRestricted} /> : null}
              {!block ? <Flag name="showOnList" /> : null}
              {kind === 'dropdown' ? <Flag name="multiselect" disabled={existing} /> : null}
              {kind === 'file' ? <Flag name="showPreview" /> : null}
            </Space>
          </fieldset>
        </Form>
      ) : null}
    </Modal>
  );
}

function Flag({ name, disabled = false }: { name: keyof EntityFieldInput; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} valuePropName="checked" noStyle>
      <Checkbox disabled={disabled}>{t(`fields.flag.${name}`)}</Checkbox>
    </Form.Item>
  );
}

// A default value in the shape the field stores; dates and files have none to offer here.
function DefaultValueItem({ dataType, options }: { dataType: FieldDataType; options: OptionRow[] }) {
  const { t } = useTranslation();
  const label = t('fields.defaultValue');
  const choices = options
    .filter((o) => o.label?.trim())
    .map((o) => ({ value: o.value?.trim() || (o.label ?? '').trim(), label: o.label ?? '' }));
  if (dataType === 'option' || dataType === 'options') {
    return (
      <Form.Item name="defaultValue" label={label}>
        <Select allowClear options={choices} {...(dataType === 'options' ? { mode: 'multiple' as const } : {})} />
      </Form.Item>
    );
  }
  if (dataType === 'number' || dataType === 'decimal') {
    return (
      <Form.Item name="defaultValue" label={label}>
        <InputNumber style={{ width: 200 }} {...(dataType === 'number' ? { precision: 0 } : {})} />
      </Form.Item>
    );
  }
  if (TEXTUAL.includes(dataType)) {
    return (
      <Form.Item name="defaultValue" label={label}>
        <Input />
      </Form.Item>
    );
  }
  return null;
}

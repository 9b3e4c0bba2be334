import { DateInput } from '../dates/date-input';
import { dateFormat } from '../dates/format-date';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { EMAIL_PATTERN, URL_PATTERN, isContentBlock, type EntityField, type FileRef } from '@atrium/domain';
import { Alert, App, Button, Checkbox, Form, Input, InputNumber, Radio, Select, Space, TimePicker, Typography, Upload } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadToSlots } from '../documents/documents.api';
import type { PendingFile } from './pending-files';
import { errorText, maxLengthRule, minLengthRule } from '../feedback/form-errors';
import type { RecordRef } from '../notes/notes.api';
import './entity-fields.css';

// Where a custom field's value sits in an entity form.
export const customFieldName = (key: string): [string, string] => ['customFields', key];

const defaultFormat = (dataType: EntityField['dataType']) =>
  dateFormat(dataType === 'date' ? 'date' : dataType === 'time' ? 'time' : 'dateTime');

// The client-side rules mirror the server's (entity-field.schema.ts) so most mistakes are shown
// before saving; the server's answer is still the last word and lands on the same field.
function rulesOf(f: EntityField, t: TFunction): Rule[] {
  const rules: Rule[] = [];
  if (f.required)
    rules.push({
      required: true,
      whitespace: true,
      ...(f.dataType === 'options' || f.dataType === 'file' ? { type: 'array' as const } : {}),
      message: errorText(t, 'required'),
    });
  const textual = ['text', 'email', 'url', 'phone'].includes(f.dataType);
  if (textual && f.minCharacters !== undefined) rules.push(minLengthRule(t, f.minCharacters));
  if (textual && f.maxCharacters !== undefined) rules.push(maxLengthRule(t, f.maxCharacters));
  if (f.dataType === 'email') rules.push({ pattern: EMAIL_PATTERN, message: errorText(t, 'invalidEmail') });
  if (f.dataType === 'url') rules.push({ pattern: URL_PATTERN, message: errorText(t, 'invalidUrl') });
  if (f.dataType === 'file') {
    if (f.minFiles) rules.push({ type: 'array', min: f.minFiles, message: errorText(t, 'minimumFiles') });
    if (f.maxFiles) rules.push({ type: 'array', max: f.maxFiles, message: errorText(t, 'maxFiles') });
  }
  return rules;
}

// Date values travel as ISO strings (date, date-time with offset, time) and are edited as dayjs.
function dateBinding(dataType: EntityField['dataType']) {
  const parse = (v: unknown): Dayjs | null => {
    if (typeof v !== 'string' || v === '') return null;
    return dataType === 'time' ? dayjs(`1970-01-01T${v}`) : dayjs(v);
  };
  const serialize = (d: Dayjs | null): string | null => {
    if (!d) return null;
    if (dataType === 'date') return d.format('YYYY-MM-DD');
    if (dataType === 'time') return d.format('HH:mm:ss');
    return d.toISOString();
  };
  return { getValueProps: (v: unknown) => ({ value: parse(v) }), normalize: serialize };
}

function FileInput({
  field,
  value,
  onChange,
  disabled,
  record,
  id,
}: {
  field: EntityField;
  value?: (FileRef | PendingFile)[];
  onChange?: (v: (FileRef | PendingFile)[]) => void;
  disabled: boolean;
  record?: RecordRef;
  id?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const files = value ?? [];
  const full = field.maxFiles !== undefined && files.length >= field.maxFiles;
  const add = async (file: File) => {
    if (!record) return;
    if (field.maxFileSize !== undefined && file.size > field.maxFileSize) {
      message.error(errorText(t, 'fileSize'));
      return;
    }
    setBusy(true);
    try {
      // the file waits in an upload slot; saving the form makes it one of the record's documents
      const [slot] = await uploadToSlots(record, null, [file], () => undefined);
      if (slot)
        onChange?.([
          ...files,
          {
            id: slot.uploadId,
            uploadId: slot.uploadId,
            name: slot.name,
            size: file.size,
            ...(file.type ? { contentType: file.type } : {}),
          },
        ]);
    } catch {
      message.error(t('fields.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" id={id}>
      {files.map((f) => (
        <Space key={f.id}>
          <Typography.Text>{f.name}</Typography.Text>
          {!disabled ? (
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('fields.removeFile', { name: f.name })}
              onClick={() => onChange?.(files.filter((x) => x.id !== f.id))}
            />
          ) : null}
        </Space>
      ))}
      {record ? (
        <Upload
          showUploadList={false}
          disabled={disabled || full || busy}
          beforeUpload={(file) => {
            void add(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} disabled={disabled || full}>
            {t('fields.uploadFile', { label: field.label })}
          </Button>
        </Upload>
      ) : (
        <Typography.Text type="secondary">{t('fields.uploadAfterCreate')}</Typography.Text>
      )}
    </Space>
  );
}

// One custom field on a form: the input its kind and data type call for, with its rules,
// help text and tooltip. Content blocks (heading, info panel, quote) only structure the form.
export function CustomFieldItem({ field: f, disabled, record }: { field: EntityField; disabled: boolean; record?: RecordRef }) {
  const { t } = useTranslation();
  if (f.hidden) return null;
  if (isContentBlock(f.kind)) {
    if (f.kind === 'heading')
      return (
        <Typography.Title level={3} className="custom-field-heading">
          {f.label}
        </Typography.Title>
      );
    if (f.kind === 'infoPanel')
      return (
        <Alert type="info" showIcon message={f.label} {...(f.content ? { description: f.content } : {})} style={{ marginBottom: 16 }} />
      );
    return (
      <blockquote className="custom-field-quote">
        <p>{f.content ?? f.label}</p>
        {f.content ? <footer>{f.label}</footer> : null}
      </blockquote>
    );
  }

  const options = (f.options ?? []).map((o) => ({ value: o.value, label: o.label }));
  const format = f.dateFormat ?? defaultFormat(f.dataType);
  const affixes = { ...(f.prefix ? { prefix: f.prefix } : {}), ...(f.suffix ? { suffix: f.suffix } : {}) };
  const item = {
    name: customFieldName(f.key),
    label: f.label,
    rules: rulesOf(f, t),
    ...(f.helpText ? { extra: f.helpText } : {}),
    ...(f.tooltip ? { tooltip: f.tooltip } : {}),
  };

  switch (f.kind) {
    case 'multiLine':
      return (
        <Form.Item {...item}>
          <Input.TextArea
            disabled={disabled}
            autoSize={{ minRows: 2, maxRows: 8 }}
            {...(f.maxCharacters ? { count: { show: true, max: f.maxCharacters } } : {})}
          />
        </Form.Item>
      );
    case 'radio':
      return (
        <Form.Item {...item}>
          <Radio.Group disabled={disabled} options={options} aria-label={f.label} role="radiogroup" />
        </Form.Item>
      );
    case 'checkbox':
      return (
        <Form.Item {...item}>
          <Checkbox.Group disabled={disabled} options={options} aria-label={f.label} role="group" />
        </Form.Item>
      );
    case 'dropdown':
      return (
        <Form.Item {...item}>
          <Select disabled={disabled} allowClear options={options} {...(f.multiselect ? { mode: 'multiple' as const } : {})} />
        </Form.Item>
      );
    case 'dateTime':
      return (
        <Form.Item {...item} {...dateBinding(f.dataType)}>
          {f.dataType === 'time' ? (
            <TimePicker disabled={disabled} format={format} />
          ) : (
            <DateInput disabled={disabled} format={format} showTime={f.dataType === 'dateTime'} />
          )}
        </Form.Item>
      );
    case 'symbol':
      return (
        <Form.Item {...item}>
          <InputNumber disabled={disabled} style={{ width: 200 }} {...affixes} />
        </Form.Item>
      );
    case 'file':
      return (
        <Form.Item {...item}>
          <FileInput field={f} disabled={disabled} {...(record ? { record } : {})} />
        </Form.Item>
      );
    default:
      if (f.dataType === 'number' || f.dataType === 'decimal') {
        return (
          <Form.Item {...item}>
            <InputNumber disabled={disabled} style={{ width: 200 }} {...(f.dataType === 'number' ? { precision: 0 } : {})} {...affixes} />
          </Form.Item>
        );
      }
      return (
        <Form.Item {...item}>
          <Input
            disabled={disabled}
            type={f.dataType === 'email' ? 'email' : f.dataType === 'url' ? 'url' : f.dataType === 'phone' ? 'tel' : 'text'}
            {...affixes}
          />
        </Form.Item>
      );
  }
}

import { EMAIL_PATTERN, URL_PATTERN, type EntityField } from '@atrium/domain';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustomFieldItem } from '../../platform/entity-fields/custom-field-item';
import { errorText } from '../../platform/feedback/form-errors';
import type { RecordRef } from '../../platform/notes/notes.api';

export const CONTACT_BUILTINS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'organization',
  'jobTitle',
  'department',
  'website',
  'address',
] as const;
export type ContactBuiltin = (typeof CONTACT_BUILTINS)[number];
const MAX: Record<ContactBuiltin, number> = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 40,
  organization: 200,
  jobTitle: 100,
  department: 100,
  website: 2000,
  address: 500,
};

// The built-in contact fields with the rules of contact.entity.ts.
export function ContactBuiltinItems({ disabled, only }: { disabled: boolean; only?: readonly ContactBuiltin[] }) {
  const { t } = useTranslation();
  const shown = only ?? CONTACT_BUILTINS;
  return (
    <Row gutter={16}>
      {shown.map((key) => (
        <Col key={key} xs={24} md={12}>
          <Form.Item
            name={key}
            label={t(`contacts.field.${key}`)}
            rules={[
              ...(key === 'firstName' ? [{ required: true, whitespace: true, message: errorText(t, 'required') }] : []),
              { max: MAX[key], message: errorText(t, 'maxLength') },
              ...(key === 'email' ? [{ pattern: EMAIL_PATTERN, message: errorText(t, 'invalidEmail') }] : []),
              ...(key === 'website' ? [{ pattern: URL_PATTERN, message: errorText(t, 'invalidUrl') }] : []),
            ]}
          >
            <Input disabled={disabled} type={key === 'email' ? 'email' : key === 'phone' ? 'tel' : 'text'} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

// The custom fields in their defined order; editable unless read-only or restricted for the user.
export function ContactCustomItems({
  fields,
  disabled,
  canManageRestricted,
  record,
}: {
  fields: EntityField[];
  disabled: boolean;
  canManageRestricted: boolean;
  record?: RecordRef;
}) {
  return (
    <>
      {fields.map((f) => (
        <CustomFieldItem
          key={f.id}
          field={f}
          disabled={disabled || f.readOnly || (f.restricted && !canManageRestricted)}
          {...(record ? { record } : {})}
        />
      ))}
    </>
  );
}

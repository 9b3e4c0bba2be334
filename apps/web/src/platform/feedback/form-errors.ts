import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from '../api/api-error';

// Server field errors (problem+json `errors`) shown next to their fields, translated by code.
// Returns false when the error had no field the form knows, so the caller shows a message.
export function applyFieldErrors<T>(form: FormInstance<T>, error: unknown, t: TFunction, fields: readonly string[]): boolean {
  if (!isApiError(error)) return false;
  const known = error.fieldErrors.filter((e) => fields.includes(e.field));
  if (known.length === 0) return false;
  form.setFields(known.map((e) => ({ name: e.field as never, errors: [errorText(t, e.code)] })));
  return true;
}

export function errorText(t: TFunction, code: string): string {
  const key = `errorCodes.${code}`;
  return t(key, { defaultValue: t('errorCodes.validation') });
}

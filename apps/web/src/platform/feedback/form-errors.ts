import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from '../api/api-error';

// The form field a server error names: the field itself, or the field whose structured value it
// is inside (openingHours.3.close is shown on openingHours).
export const formFieldOf = (name: string, fields: readonly string[]): string | undefined =>
  fields.includes(name) ? name : fields.find((f) => name.startsWith(`${f}.`));

// Server field errors (problem+json `errors`) shown next to their fields, translated by code.
// Returns false when the error had no field the form knows, so the caller shows a message.
export function applyFieldErrors<T>(form: FormInstance<T>, error: unknown, t: TFunction, fields: readonly string[]): boolean {
  if (!isApiError(error)) return false;
  const known = error.fieldErrors.flatMap((e) => {
    const name = formFieldOf(e.field, fields);
    return name ? [{ ...e, name }] : [];
  });
  if (known.length === 0) return false;
  form.setFields(known.map((e) => ({ name: e.name as never, errors: [errorText(t, e.code, e)] })));
  return true;
}

// With the field's limit a message says it: "At most 100 characters" rather than "too long".
export type Limits = { min?: number | undefined; max?: number | undefined };
const WITH_LIMIT: Record<string, keyof Limits> = { maxLength: 'max', minLength: 'min', tooBig: 'max', tooSmall: 'min' };

export function errorText(t: TFunction, code: string, limits?: Limits): string {
  const bound = WITH_LIMIT[code];
  const value = bound ? limits?.[bound] : undefined;
  if (value !== undefined) return t(`errorCodes.${code}Of`, { [bound as string]: value.toLocaleString() });
  return t(`errorCodes.${code}`, { defaultValue: t('errorCodes.validation') });
}

// Length rules that name their limit. A maximum is a rule, never the input's `maxLength`
// attribute: that one cuts what the user typed or pasted without a word (issue 12, defect 14).
export const maxLengthRule = (t: TFunction, max: number) => ({ max, message: errorText(t, 'maxLength', { max }) });
export const minLengthRule = (t: TFunction, min: number) => ({ min, message: errorText(t, 'minLength', { min }) });

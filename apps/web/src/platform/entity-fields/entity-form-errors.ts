import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { isApiError } from '../api/api-error';
import { errorText, formFieldOf } from '../feedback/form-errors';
import { customKeyOf } from './field-value';

// Server field errors of an entity write, next to their inputs: built-in fields by name,
// custom fields (customFields.<key>) under the form's customFields group. Returns false when
// none of them belongs to a field on the form.
export function applyEntityFieldErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  t: TFunction,
  builtins: readonly string[],
  customKeys: readonly string[],
): boolean {
  if (!isApiError(error)) return false;
  const fields = error.fieldErrors.flatMap((e) => {
    const custom = customKeyOf(e.field);
    if (custom !== null) return customKeys.includes(custom) ? [{ name: ['customFields', custom], errors: [errorText(t, e.code, e)] }] : [];
    const builtin = formFieldOf(e.field, builtins);
    return builtin ? [{ name: [builtin], errors: [errorText(t, e.code, e)] }] : [];
  });
  if (fields.length === 0) return false;
  form.setFields(fields as never);
  return true;
}

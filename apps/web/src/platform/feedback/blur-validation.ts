import type { FormInstance } from 'antd';
import { useReducer } from 'react';

// Fields are checked when the user leaves a field they changed and on submit, never while they
// type into a field that was fine, nor when they pass through one they did not touch (issue 12,
// defect 9); once a field shows a message it is checked on each change too, so the message goes
// as soon as it is fixed. Spread `triggerOf(name)` into a Form.Item and hand `onFieldsChange` to
// the Form; the form's own state (errors, touched) is the truth, read on each render.
export function useBlurValidation<T>(form: FormInstance<T>) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const hasError = (name: string) => form.getFieldError(name as never).length > 0;
  return {
    onFieldsChange: () => rerender(),
    hasError,
    // checks a field whose value the form set itself
    recheck: (name: string) =>
      form
        .validateFields([name as never])
        .catch(() => undefined)
        .finally(() => rerender()),
    triggerOf: (name: string) => ({
      validateTrigger: hasError(name) ? ['onBlur', 'onChange'] : form.isFieldTouched(name as never) ? ['onBlur'] : [],
    }),
  };
}

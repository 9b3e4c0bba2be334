import { DatePicker, type DatePickerProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useProfile } from '../profile/profile.api';
import { typedDateFormats } from './format-date';

// one date (never several), shown in `format` when a field names its own
export type DateInputProps = Omit<
  DatePickerProps,
  'format' | 'needConfirm' | 'multiple' | 'value' | 'defaultValue' | 'onChange' | 'onOk'
> & {
  format?: string;
  value?: Dayjs | null;
  onChange?: (date: Dayjs | null) => void;
};

// Every date field of the platform (record form, create dialog, inline editor, filters): a date
// is picked or typed — in the format on screen, in the user's culture in digits (01.03.2027 in
// de-DE) or as ISO (2027-03-01) — and a typed date is kept on Enter and on leaving the field.
export function DateInput({ format, showTime, onChange, ...props }: DateInputProps) {
  const culture = useProfile().data?.culture ?? navigator.language;
  return (
    <DatePicker
      {...props}
      showTime={showTime}
      onChange={(d) => onChange?.(d)}
      needConfirm={false}
      format={typedDateFormats(Boolean(showTime), culture, format)}
    />
  );
}

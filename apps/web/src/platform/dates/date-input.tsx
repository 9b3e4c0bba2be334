import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useProfile } from '../profile/profile.api';
import { displayTimeZone, typedDateFormats } from './format-date';

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
//
// A moment (showTime) is shown and edited in the user's time zone, as every moment on screen is
// (formatDate): the picker works on the wall-clock time of that zone, and what is picked or typed
// is read as a time there. A plain date is a day and never shifted.
export function DateInput({ format, showTime, onChange, value, ...props }: DateInputProps) {
  const culture = useProfile().data?.culture ?? navigator.language;
  const zone = showTime ? displayTimeZone() : undefined;
  return (
    <DatePicker
      {...props}
      {...(value !== undefined ? { value: zone && value ? wallClock(value, zone) : value } : {})}
      showTime={showTime}
      onChange={(d: Dayjs | null) => onChange?.(zone && d ? momentOf(d, zone) : d)}
      needConfirm={false}
      format={typedDateFormats(Boolean(showTime), culture, format)}
    />
  );
}

const WALL = 'YYYY-MM-DDTHH:mm:ss';
// the moment's time of day in `zone`, as a browser-local value the picker can work on
const wallClock = (moment: Dayjs, zone: string): Dayjs => dayjs(moment.tz(zone).format(WALL));
// a browser-local picked value read as a time of day in `zone`
const momentOf = (picked: Dayjs, zone: string): Dayjs => dayjs.tz(picked.format(WALL), zone);

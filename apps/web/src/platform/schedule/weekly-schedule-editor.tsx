import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { OPENING_DAYS, type OpeningHours } from '@atrium/domain';
import { Button, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StructuredEditorProps } from '../entity/web-entity';
import './weekly-schedule-editor.css';

type Day = (typeof OPENING_DAYS)[number];
// 2024-01-01 was a Monday: the weekday names in the user's language, from Intl
const dayName = (day: Day, language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + OPENING_DAYS.indexOf(day))),
  );

const periodsOf = (value: unknown): OpeningHours => (Array.isArray(value) ? (value as OpeningHours) : []);

// A weekly schedule: a row per weekday with its periods (open and close, local HH:mm), a word
// ("Closed") for a day without one; a lunch break is two periods. A location's opening hours
// and a booking page's time slots are drawn with it; `captions` is the prefix of their caption
// keys (empty, closed, period, opens, closes, add, remove).
export function WeeklyScheduleEditor({ id, value, onChange, disabled, captions }: StructuredEditorProps & { captions: string }) {
  const { t, i18n } = useTranslation();
  const hours = periodsOf(value);
  const set = (next: OpeningHours) => onChange?.(next);
  return (
    <div id={id} className="weekly-schedule">
      {hours.length === 0 ? <Typography.Paragraph type="secondary">{t(`${captions}.empty`)}</Typography.Paragraph> : null}
      {OPENING_DAYS.map((day) => {
        const name = dayName(day, i18n.language);
        const periods = hours.map((p, at) => ({ p, at })).filter(({ p }) => p.day === day);
        return (
          <div key={day} className="weekly-schedule-day">
            <Typography.Text strong className="weekly-schedule-name">
              {name}
            </Typography.Text>
            <Space wrap size={[8, 4]}>
              {periods.length === 0 ? <Typography.Text type="secondary">{t(`${captions}.closed`)}</Typography.Text> : null}
              {periods.map(({ p, at }, n) => (
                <Space.Compact key={at} aria-label={t(`${captions}.period`, { day: name, n: n + 1 })} role="group">
                  <Input
                    type="time"
                    step={900}
                    value={p.open}
                    disabled={disabled}
                    aria-label={`${name} ${n + 1}: ${t(`${captions}.opens`)}`}
                    onChange={(e) => set(hours.map((x, i) => (i === at ? { ...x, open: e.target.value } : x)))}
                    style={{ width: 132 }}
                  />
                  <Input
                    type="time"
                    step={900}
                    value={p.close}
                    disabled={disabled}
                    aria-label={`${name} ${n + 1}: ${t(`${captions}.closes`)}`}
                    onChange={(e) => set(hours.map((x, i) => (i === at ? { ...x, close: e.target.value } : x)))}
                    style={{ width: 132 }}
                  />
                  <Button
                    icon={<DeleteOutlined />}
                    disabled={disabled}
                    aria-label={t(`${captions}.remove`, { day: name, open: p.open, close: p.close })}
                    onClick={() => set(hours.filter((_, i) => i !== at))}
                  />
                </Space.Compact>
              ))}
              <Button
                size="small"
                type="text"
                icon={<PlusOutlined />}
                disabled={disabled}
                aria-label={t(`${captions}.add`, { day: name })}
                onClick={() => {
                  // a new day opens 09:00–17:00; a second period starts an hour after the last one closes
                  const last = periods.at(-1)?.p.close;
                  const open = last && last < '22:00' ? addHour(last) : '09:00';
                  set([...hours, { day, open, close: last ? addHour(open) : '17:00' }]);
                }}
              />
            </Space>
          </div>
        );
      })}
    </div>
  );
}

const addHour = (hhmm: string) => `${String(Math.min(23, Number(hhmm.slice(0, 2)) + 1)).padStart(2, '0')}${hhmm.slice(2)}`;

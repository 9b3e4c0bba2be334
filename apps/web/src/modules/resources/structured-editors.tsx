import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { OPENING_DAYS, type OpeningHours } from '@atrium/domain';
import { Button, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StructuredEditorProps } from '../../platform/entity/web-entity';
import './structured-editors.css';

type Day = (typeof OPENING_DAYS)[number];
// 2024-01-01 was a Monday: the weekday names in the user's language, from Intl
const dayName = (day: Day, language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + OPENING_DAYS.indexOf(day))),
  );

const periodsOf = (value: unknown): OpeningHours => (Array.isArray(value) ? (value as OpeningHours) : []);

// A location's opening hours on its form: a row per weekday with its periods (open and close,
// local time of the location), "Closed" when it has none; a lunch break is two periods. The
// server checks close after open and names the period (openingHours.N.close).
export function OpeningHoursEditor({ id, value, onChange, disabled }: StructuredEditorProps) {
  const { t, i18n } = useTranslation();
  const hours = periodsOf(value);
  const set = (next: OpeningHours) => onChange?.(next);
  return (
    <div id={id} className="opening-hours">
      {hours.length === 0 ? <Typography.Paragraph type="secondary">{t('resources.openingHours.empty')}</Typography.Paragraph> : null}
      {OPENING_DAYS.map((day) => {
        const name = dayName(day, i18n.language);
        const periods = hours.map((p, at) => ({ p, at })).filter(({ p }) => p.day === day);
        return (
          <div key={day} className="opening-hours-day">
            <Typography.Text strong className="opening-hours-name">
              {name}
            </Typography.Text>
            <Space wrap size={[8, 4]}>
              {periods.length === 0 ? <Typography.Text type="secondary">{t('resources.openingHours.closed')}</Typography.Text> : null}
              {periods.map(({ p, at }, n) => (
                <Space.Compact key={at} aria-label={t('resources.openingHours.period', { day: name, n: n + 1 })} role="group">
                  <Input
                    type="time"
                    step={900}
                    value={p.open}
                    disabled={disabled}
                    aria-label={`${name} ${n + 1}: ${t('resources.openingHours.opens')}`}
                    onChange={(e) => set(hours.map((x, i) => (i === at ? { ...x, open: e.target.value } : x)))}
                    style={{ width: 132 }}
                  />
                  <Input
                    type="time"
                    step={900}
                    value={p.close}
                    disabled={disabled}
                    aria-label={`${name} ${n + 1}: ${t('resources.openingHours.closes')}`}
                    onChange={(e) => set(hours.map((x, i) => (i === at ? { ...x, close: e.target.value } : x)))}
                    style={{ width: 132 }}
                  />
                  <Button
                    icon={<DeleteOutlined />}
                    disabled={disabled}
                    aria-label={t('resources.openingHours.remove', { day: name, open: p.open, close: p.close })}
                    onClick={() => set(hours.filter((_, i) => i !== at))}
                  />
                </Space.Compact>
              ))}
              <Button
                size="small"
                type="text"
                icon={<PlusOutlined />}
                disabled={disabled}
                aria-label={t('resources.openingHours.add', { day: name })}
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

// A type's or a resource's attributes (monitor, standing desk…): short names, typed and added
// with Enter; the server refuses one twice (ignoring case) and names it.
export function AttributesEditor({ id, value, onChange, disabled }: StructuredEditorProps) {
  const { t } = useTranslation();
  const names = Array.isArray(value) ? (value as string[]) : [];
  return (
    <Select
      id={id}
      mode="tags"
      value={names}
      disabled={disabled}
      open={false}
      suffixIcon={null}
      tokenSeparators={[',']}
      placeholder={t('resources.attributes.placeholder')}
      onChange={(next: string[]) => onChange?.(next.map((n) => n.trim()).filter(Boolean))}
      style={{ width: '100%' }}
    />
  );
}

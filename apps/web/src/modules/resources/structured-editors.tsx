import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StructuredEditorProps } from '../../platform/entity/web-entity';
import { WeeklyScheduleEditor } from '../../platform/schedule/weekly-schedule-editor';

// A location's opening hours on its form (local time of the location): the platform's weekly
// schedule. The server checks close after open and names the period (openingHours.N.close).
export function OpeningHoursEditor(props: StructuredEditorProps) {
  return <WeeklyScheduleEditor {...props} captions="resources.openingHours" />;
}

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

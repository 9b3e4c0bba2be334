import type { BookingPageItems, BookingPagePortalAccess, BookingPolicyOverrides } from '@atrium/domain';
import { InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StructuredEditorProps } from '../../platform/entity/web-entity';
import { ReferencePicker } from '../../platform/entity/reference-picker';

const itemsOf = (value: unknown): BookingPageItems => {
  const v = (value ?? {}) as Partial<BookingPageItems>;
  return { resourceIds: v.resourceIds ?? [], resourceTypeIds: v.resourceTypeIds ?? [] };
};

// A booking page's items on its form: resources and resource types offered (none: every
// bookable resource of the page's location). The server checks each belongs to the workspace.
export function BookingPageItemsEditor({ id, value, onChange, disabled }: StructuredEditorProps) {
  const { t } = useTranslation();
  const items = itemsOf(value);
  const list = (v: string | string[] | null) => (Array.isArray(v) ? v : []);
  return (
    <div id={id} style={{ display: 'grid', gap: 8 }}>
      <Typography.Text type="secondary">{t('bookings.pageItems.hint')}</Typography.Text>
      <ReferencePicker
        lookup="ResourceType"
        multiple
        disabled={disabled}
        aria-label={t('bookings.pageItems.types')}
        placeholder={t('bookings.pageItems.types')}
        value={items.resourceTypeIds}
        onChange={(v) => onChange?.({ ...items, resourceTypeIds: list(v) })}
      />
      <ReferencePicker
        lookup="Resource"
        multiple
        disabled={disabled}
        aria-label={t('bookings.pageItems.resources')}
        placeholder={t('bookings.pageItems.resources')}
        value={items.resourceIds}
        onChange={(v) => onChange?.({ ...items, resourceIds: list(v) })}
      />
    </div>
  );
}

// Who a Restricted page is open to on the portal (decision 093 round seven): contacts, and every
// contact of some organizations. The server checks each belongs to the workspace.
export function BookingPagePortalAccessEditor({ id, value, onChange, disabled }: StructuredEditorProps) {
  const { t } = useTranslation();
  const v = (value ?? {}) as Partial<BookingPagePortalAccess>;
  const access = { contactIds: v.contactIds ?? [], organizationIds: v.organizationIds ?? [] };
  const list = (x: string | string[] | null) => (Array.isArray(x) ? x : []);
  return (
    <div id={id} style={{ display: 'grid', gap: 8 }}>
      <Typography.Text type="secondary">{t('bookings.portalAccess.hint')}</Typography.Text>
      <ReferencePicker
        lookup="Contact"
        multiple
        disabled={disabled}
        aria-label={t('bookings.portalAccess.contacts')}
        placeholder={t('bookings.portalAccess.contacts')}
        value={access.contactIds}
        onChange={(x) => onChange?.({ ...access, contactIds: list(x) })}
      />
      <ReferencePicker
        lookup="Organization"
        multiple
        disabled={disabled}
        aria-label={t('bookings.portalAccess.organizations')}
        placeholder={t('bookings.portalAccess.organizations')}
        value={access.organizationIds}
        onChange={(x) => onChange?.({ ...access, organizationIds: list(x) })}
      />
    </div>
  );
}

// the minutes a page may set over each type's policy; empty: the type's own value
const MINUTE_FIELDS = [
  'minLeadMinutes',
  'maxLeadMinutes',
  'minDurationMinutes',
  'maxDurationMinutes',
  'fixedDurationMinutes',
  'incrementMinutes',
  'bufferBeforeMinutes',
  'bufferAfterMinutes',
] as const;
type MinuteField = (typeof MINUTE_FIELDS)[number];

// A booking page's policy on its form: each value it sets over the offered types' policies,
// empty for the type's own (the server merges them with mergeBookingPolicies).
export function BookingPolicyOverridesEditor({ id, value, onChange, disabled }: StructuredEditorProps) {
  const { t } = useTranslation();
  const policy = (value ?? {}) as BookingPolicyOverrides;
  const set = (key: keyof BookingPolicyOverrides, v: unknown) => {
    const next: Record<string, unknown> = { ...policy };
    if (v === undefined) delete next[key];
    else next[key] = v;
    onChange?.(next);
  };
  const within = policy.withinOpeningHours;
  return (
    <div id={id} style={{ display: 'grid', gap: 8 }}>
      <Typography.Text type="secondary">{t('bookings.pagePolicy.hint')}</Typography.Text>
      <div style={{ display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
        {MINUTE_FIELDS.map((key: MinuteField) => (
          <label key={key} style={{ display: 'grid', gap: 4 }}>
            {t(`bookings.pagePolicy.${key}`)}
            <InputNumber<number>
              min={0}
              precision={0}
              disabled={disabled}
              placeholder={t('bookings.pagePolicy.inherit')}
              value={typeof policy[key] === 'number' ? policy[key] : null}
              onChange={(v) => set(key, typeof v === 'number' ? v : undefined)}
              style={{ width: '100%' }}
            />
          </label>
        ))}
        <label style={{ display: 'grid', gap: 4 }}>
          {t('bookings.pagePolicy.withinOpeningHours')}
          <Select<string>
            disabled={disabled}
            value={within === undefined ? 'inherit' : within ? 'yes' : 'no'}
            onChange={(v) => set('withinOpeningHours', v === 'inherit' ? undefined : v === 'yes')}
            options={[
              { value: 'inherit', label: t('bookings.pagePolicy.inherit') },
              { value: 'yes', label: t('bookings.pagePolicy.yes') },
              { value: 'no', label: t('bookings.pagePolicy.no') },
            ]}
          />
        </label>
      </div>
    </div>
  );
}

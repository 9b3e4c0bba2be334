import { type BookingPortalHold, type BookingPortalPage } from '@atrium/domain';
import { Alert, Button, Card, Form, Input, Popconfirm, Result, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../platform/api/api-error';
import { PageResult } from '../../platform/feedback/page-result';
import { errorText } from '../../platform/feedback/form-errors';
import { usePageTitle } from '../../platform/feedback/use-page-title';
import {
  useBookingPortalMaps,
  useBookingPortalPage,
  useBookingPortalRedeem,
  useBookingPortalSignOut,
  useBookingPortalSlots,
  useConfirmHold,
  useHoldTime,
} from './booking-portal.api';
import { BookingPortalAccess } from './booking-portal-access';
import { windowsText } from './booking-time-slots';
import { PortalFloorMap } from './portal-floor-map';

type Item = BookingPortalPage['items'][number];
type Values = { name: string; email: string; notes?: string };
const ANY = '';
const MAX_DURATIONS = 12;

// a day (YYYY-MM-DD) in the zone, `offset` days from today there
function zoneDay(timeZone: string, offset = 0): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
  return parts;
}
const timeIn = (iso: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
const dateTimeIn = (iso: string, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));

// The durations a visitor may choose: the fixed one, or from the minimum by the increment.
function durationsOf(item: Item | undefined): number[] {
  if (!item) return [];
  const p = item.policy;
  if (p.fixedDurationMinutes) return [p.fixedDurationMinutes];
  const step = Math.max(p.incrementMinutes, 1);
  const first = Math.ceil(p.minDurationMinutes / step) * step;
  const out: number[] = [];
  for (let d = first; out.length < MAX_DURATIONS && (p.maxDurationMinutes === null || d <= p.maxDurationMinutes); d += step) out.push(d);
  return out;
}

// Public: /portal/<workspace>/book/<slug> — a visitor without an account picks what, a day and
// a time; the time is held for a few minutes while they give their name and e-mail; the browser
// solves the proof-of-work captcha and the booking is confirmed (its .ics and cancel link come by
// mail). A Registered or Restricted page shows the spec's access messages with a sign-in by e-mail;
// signed in, the page says who, and the booking is theirs without a form or captcha. Works from 390 px up.
export default function BookingPortalPage() {
  const { t, i18n } = useTranslation();
  const { workspace = '', slug = '' } = useParams();
  // a mailed sign-in link (decision 093 round eight) leads here with ?token=: redeemed once, by a
  // POST (a mail scanner opening the link spends nothing), then the token leaves the address
  const [search, setSearch] = useSearchParams();
  const token = search.get('token');
  const redeem = useBookingPortalRedeem(workspace, slug);
  const redeemed = useRef<string | null>(null);
  useEffect(() => {
    if (!token || redeemed.current === token) return;
    redeemed.current = token;
    redeem.mutate(token, {
      onSettled: () =>
        setSearch(
          (q) => {
            q.delete('token');
            return q;
          },
          { replace: true },
        ),
    });
  }, [token, redeem, setSearch]);
  const page = useBookingPortalPage(workspace, slug, !token && !redeem.isPending);
  const navigate = useNavigate();
  // an old slug (spec §5): the page answers with its current one, and the address follows
  const current = page.data?.slug;
  useEffect(() => {
    if (current && current !== slug) void navigate(`/portal/${workspace}/book/${current}${window.location.search}`, { replace: true });
  }, [current, slug, workspace, navigate]);
  usePageTitle(page.data?.name ?? t('bookings.portal.title'));
  const timeZone = page.data?.location.timeZone ?? 'UTC';
  const [resourceId, setResourceId] = useState<string>(ANY);
  const [day, setDay] = useState<string>('');
  const [duration, setDuration] = useState<number | null>(null);
  const [held, setHeld] = useState<(BookingPortalHold & { title: string }) | null>(null);
  const [form] = Form.useForm<Values>();
  const hold = useHoldTime(workspace, slug);
  // a signed-in portal user (decision 093 round seven) books as their contact, without a captcha
  const user = page.data?.portalUser ?? null;
  const confirm = useConfirmHold(workspace, slug, user !== null);
  const signOut = useBookingPortalSignOut(workspace, slug);
  const items = useMemo(() => page.data?.items ?? [], [page.data]);
  const item = items.find((i) => i.id === resourceId) ?? items[0];
  const durations = durationsOf(item);
  const chosenDuration = duration !== null && durations.includes(duration) ? duration : (durations[0] ?? null);
  const chosenDay = day || (page.data ? zoneDay(timeZone) : '');
  const slots = useBookingPortalSlots(workspace, slug, chosenDay, page.data ? chosenDuration : null, resourceId || null);
  // the page's floor maps: a place is free when its item has a free time on the day (any item's times)
  const maps = useBookingPortalMaps(workspace, slug);
  const hasMaps = (maps.data?.maps.length ?? 0) > 0;
  const everyItem = useBookingPortalSlots(workspace, slug, chosenDay, page.data && hasMaps ? chosenDuration : null, null);
  const freeIds = useMemo(() => new Set((everyItem.data?.slots ?? []).map((s) => s.resourceId)), [everyItem.data]);
  const titles = useMemo(() => new Map(items.map((i) => [i.id, i.title])), [items]);
  const failure = (e: unknown) => (isApiError(e) ? errorText(t, e.code) : t('errorCodes.internalServerError'));

  if (page.isPending) return <Spin className="page-spinner" aria-label={t('common.loading')} />;
  if (page.isError || !page.data) {
    const code = isApiError(page.error) ? page.error.code : 'notFound';
    return (
      <main className="portal-page" style={{ maxWidth: 720, margin: '24px auto', padding: '0 16px' }}>
        {code === 'loginRequired' || code === 'portalAccessDenied' ? (
          <BookingPortalAccess kind={code} workspace={workspace} slug={slug} linkFailed={redeem.isError} />
        ) : (
          <PageResult status="404" title={t('bookings.portal.notFound')} />
        )}
      </main>
    );
  }
  const p = page.data;
  const pick = async (slot: { resourceId: string; resourceTitle: string; start: string; end: string }) => {
    confirm.reset();
    const h = await hold.mutateAsync({ resourceId: slot.resourceId, start: slot.start, end: slot.end }).catch(() => null);
    if (h) setHeld({ ...h, title: slot.resourceTitle });
    else void slots.refetch();
  };
  return (
    <main className="portal-page" style={{ maxWidth: 720, margin: '24px auto', padding: '0 16px' }}>
      {user && (
        <Space wrap style={{ width: '100%', justifyContent: 'flex-end', marginBottom: 8 }}>
          <Typography.Text type="secondary">{t('bookings.portal.signedInAs', { name: user.name, email: user.email })}</Typography.Text>
          <Popconfirm
            title={t('bookings.portal.signOutConfirm')}
            okText={t('bookings.portal.signOut')}
            cancelText={t('common.cancel')}
            onConfirm={() => {
              setHeld(null);
              confirm.reset();
              signOut.mutate();
            }}
          >
            <Button size="small" loading={signOut.isPending}>
              {t('bookings.portal.signOut')}
            </Button>
          </Popconfirm>
        </Space>
      )}
      <Typography.Title level={1} style={{ fontSize: 26, marginBottom: 4 }}>
        {p.name}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {[p.location.name, p.location.address].filter(Boolean).join(', ')} · {t('bookings.portal.timesIn', { zone: timeZone })}
      </Typography.Paragraph>
      {p.description && <Typography.Paragraph>{p.description}</Typography.Paragraph>}
      {p.timeSlots.length > 0 && (
        <Typography.Paragraph>
          {t('bookings.portal.bookableTimes', {
            times: windowsText(p.timeSlots, i18n.language),
          })}
        </Typography.Paragraph>
      )}
      {confirm.data ? (
        <Result
          status="success"
          title={t('bookings.portal.confirmed')}
          subTitle={`${confirm.data.resource} · ${dateTimeIn(confirm.data.start, confirm.data.timeZone, i18n.language)}–${timeIn(confirm.data.end, confirm.data.timeZone, i18n.language)}`}
          extra={<Typography.Paragraph>{t('bookings.portal.mailSent')}</Typography.Paragraph>}
        />
      ) : held ? (
        <Card title={t('bookings.portal.yourDetails')}>
          <Typography.Paragraph>
            <strong>{held.title}</strong> · {dateTimeIn(held.start, timeZone, i18n.language)}–{timeIn(held.end, timeZone, i18n.language)}
          </Typography.Paragraph>
          <Alert type="info" showIcon message={t('bookings.portal.heldUntil', { time: timeIn(held.heldUntil, timeZone, i18n.language) })} />
          <Form
            form={form}
            layout="vertical"
            style={{ marginTop: 16 }}
            requiredMark
            onFinish={(values) =>
              confirm.mutate({
                holdId: held.holdId,
                ...(user ? {} : { name: values.name, email: values.email }),
                ...(values.notes ? { notes: values.notes } : {}),
              })
            }
          >
            {user ? (
              <Typography.Paragraph>{t('bookings.portal.bookingAs', { name: user.name, email: user.email })}</Typography.Paragraph>
            ) : (
              <>
                <Form.Item
                  name="name"
                  label={t('bookings.portal.name')}
                  rules={[{ required: true, whitespace: true, message: t('errorCodes.required') }]}
                >
                  <Input autoComplete="name" maxLength={200} />
                </Form.Item>
                <Form.Item
                  name="email"
                  label={t('bookings.portal.email')}
                  rules={[{ required: true, type: 'email', message: t('errorCodes.invalidEmail') }]}
                >
                  <Input type="email" autoComplete="email" maxLength={254} />
                </Form.Item>
              </>
            )}
            <Form.Item name="notes" label={t('bookings.portal.notes')}>
              <Input.TextArea rows={3} maxLength={2000} />
            </Form.Item>
            {confirm.error && <Typography.Paragraph type="danger">{failure(confirm.error)}</Typography.Paragraph>}
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                {confirm.isPending && !user ? t('bookings.portal.checking') : t('bookings.portal.confirm')}
              </Button>
              <Button
                onClick={() => {
                  setHeld(null);
                  confirm.reset();
                  void slots.refetch();
                }}
              >
                {t('bookings.portal.otherTime')}
              </Button>
            </Space>
          </Form>
        </Card>
      ) : (
        <Card>
          <Space wrap size="middle" style={{ width: '100%' }}>
            <label style={{ display: 'grid', gap: 4 }}>
              {t('bookings.portal.what')}
              <Select<string>
                style={{ minWidth: 220 }}
                value={resourceId}
                onChange={setResourceId}
                aria-label={t('bookings.portal.what')}
                options={[
                  { value: ANY, label: t('bookings.portal.anyItem') },
                  ...items.map((i) => ({ value: i.id, label: i.type ? `${i.title} (${i.type})` : i.title })),
                ]}
              />
            </label>
            <label style={{ display: 'grid', gap: 4 }}>
              {t('bookings.portal.day')}
              <Input type="date" value={chosenDay} min={zoneDay(timeZone)} onChange={(e) => setDay(e.target.value)} />
            </label>
            <label style={{ display: 'grid', gap: 4 }}>
              {t('bookings.portal.duration')}
              <Select<number>
                style={{ minWidth: 120 }}
                value={chosenDuration ?? undefined}
                onChange={setDuration}
                aria-label={t('bookings.portal.duration')}
                options={durations.map((d) => ({ value: d, label: t('bookings.minutes', { count: d }) }))}
              />
            </label>
          </Space>
          {maps.data && hasMaps && (
            <PortalFloorMap
              workspace={workspace}
              slug={slug}
              maps={maps.data.maps}
              titles={titles}
              free={freeIds}
              chosen={resourceId}
              onChoose={setResourceId}
            />
          )}
          {hold.error && (
            <Typography.Paragraph type="danger" style={{ marginTop: 12 }}>
              {failure(hold.error)}
            </Typography.Paragraph>
          )}
          <Typography.Title level={2} style={{ fontSize: 18, marginTop: 16 }}>
            {t('bookings.portal.freeTimes')}
          </Typography.Title>
          {slots.isPending ? (
            <Spin aria-label={t('common.loading')} />
          ) : slots.isError ? (
            <Typography.Paragraph type="danger">{failure(slots.error)}</Typography.Paragraph>
          ) : slots.data.slots.length === 0 ? (
            <Typography.Paragraph>{t('bookings.portal.noTimes')}</Typography.Paragraph>
          ) : (
            <ul
              aria-label={t('bookings.portal.freeTimes')}
              style={{ listStyle: 'none', padding: 0, display: 'flex', flexWrap: 'wrap', gap: 8 }}
            >
              {slots.data.slots.slice(0, 96).map((s) => (
                <li key={`${s.resourceId}-${s.start}`}>
                  <Button
                    onClick={() => void pick(s)}
                    loading={hold.isPending && hold.variables?.start === s.start && hold.variables.resourceId === s.resourceId}
                  >
                    {timeIn(s.start, timeZone, i18n.language)}
                    {resourceId === ANY ? ` · ${s.resourceTitle}` : ''}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}
    </main>
  );
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solve } from '../../platform/portal-captcha.util';
import { createTestApp, ownerMemberAndStranger, plusMinutes, utcDayAhead, type Client, type TestApp } from '../../../test/harness';

// Portal logins on booking pages (issue 22, decision 093 rounds seven and eight): the portal
// identity is the workspace's — a session from a link asked on a booking page (no helpdesk portal
// needed) or on its helpdesk portal; a Registered page is for any signed-in portal user, a
// Restricted one for the contacts it lists or those of its listed organizations; nobody signed in
// is 403 loginRequired, someone not listed 403 portalAccessDenied; another workspace's portal user
// is nobody; a signed-in user books as their contact without a captcha.
let t: TestApp;
let c: Client;
let other: Client;
let anonymous: Client;
let tenantId: string;
let workspace: string;
let otherWorkspace: string;
let pageId: string;
let desk: string;
let ada: string;
let carol: string;
let acme: string;

type Row = { id: string; [k: string]: unknown };
const codes = (body: { errors?: { field: string; code: string }[] }) => (body.errors ?? []).map((e) => `${e.field}:${e.code}`).sort();
const base = (ws = workspace) => `/api/v1/public/booking-pages/${ws}/desks`;
const as = (session: string) => ({ cookie: `atrium_portal=${session}` });
async function post(client: Client, url: string, body: Record<string, unknown>): Promise<Row> {
  const res = await client.post(url, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function patchPage(client: Client, id: string, ops: Record<string, unknown>[]) {
  const url = `/api/v1/booking-pages/${id}`;
  const etag = String((await client.get(url)).headers.etag);
  return client.patch(url, ops, { 'content-type': 'application/json-patch+json', 'if-match': etag });
}
const visibility = (value: string) => [{ op: 'replace', path: '/externalVisibility', value }];

// The last sign-in mail to an address, from the captured outbox.
async function lastMail(email: string): Promise<{ subject: string; text: string }> {
  const rows = await t.sql<{ subject: string; text: string }>(
    `select subject, text from mail_outbox where "to" = $1 order by created_at desc limit 1`,
    [email],
  );
  return rows[0] ?? { subject: '', text: '' };
}
async function mailedLink(email: string): Promise<string> {
  const m = /(http\S*\?token=\S+)/.exec((await lastMail(email)).text);
  if (!m?.[1]) throw new Error(`no sign-in link mailed to ${email}`);
  return m[1];
}

// Signs in through the booking page's own form: the workspace's link (no helpdesk) leads back to
// the page, which redeems it; the session cookie is set for the booking pages' API.
async function signIn(email: string, ws = workspace): Promise<string> {
  const asked = await anonymous.post(`${base(ws)}/sign-in`, { email });
  expect(asked.status, asked.text).toBe(202);
  const link = new URL(await mailedLink(email));
  expect(link.pathname).toBe(`/portal/${ws}/book/desks`);
  const redeemed = await anonymous.post(`${base(ws)}/sign-in/redeem`, { token: link.searchParams.get('token') });
  expect(redeemed.status, redeemed.text).toBe(200);
  const cookie = String(redeemed.headers['set-cookie']);
  expect(cookie).toContain(`Path=/api/v1/public/booking-pages/${ws}`);
  return /atrium_portal=([\w-]+)/.exec(cookie)?.[1] ?? '';
}

beforeAll(async () => {
  t = await createTestApp();
  ({ c, other, tenantId } = await ownerMemberAndStranger(t, []));
  anonymous = t.client();
  workspace = (await t.sql<{ slug: string }>('select slug from tenants where id = $1', [tenantId]))[0]?.slug ?? '';
  acme = (await post(c, '/api/v1/organizations', { name: 'Acme' })).id;
  ada = (await post(c, '/api/v1/contacts', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).id;
  await post(c, '/api/v1/contacts', { firstName: 'Bob', email: 'bob@example.com' });
  carol = (await post(c, '/api/v1/contacts', { firstName: 'Carol', email: 'carol@example.com', organizationId: acme })).id;
  const location = (await post(c, '/api/v1/locations', { name: 'Hamburg', timeZone: 'Europe/Berlin' })).id;
  const deskType = (await post(c, '/api/v1/resource-types', { name: 'Desk', bookableMode: 'Bookable' })).id;
  desk = (await post(c, '/api/v1/resources', { name: 'Desk 1', resourceTypeId: deskType, locationId: location })).id;
  pageId = (
    await post(c, '/api/v1/booking-pages', {
      name: 'Desks',
      locationId: location,
      items: { resourceTypeIds: [deskType] },
      policy: { fixedDurationMinutes: 60, incrementMinutes: 60 },
      externalVisibility: 'Registered',
      portalEnabled: true,
    })
  ).id;
  // another workspace with its own helpdesk portal, portal user and Registered page
  await post(other, '/api/v1/helpdesks', { name: 'Help', code: 'HLP', portalSlug: 'help', portalEnabled: true });
  await post(other, '/api/v1/contacts', { firstName: 'Zed', email: 'zed@example.com' });
  const theirs = (await post(other, '/api/v1/locations', { name: 'Elsewhere', timeZone: 'UTC' })).id;
  await post(other, '/api/v1/booking-pages', { name: 'Desks', locationId: theirs, externalVisibility: 'Registered', portalEnabled: true });
  otherWorkspace =
    (
      await t.sql<{ slug: string }>(`select t.slug from tenants t join booking_pages p on p.tenant_id = t.id where t.id <> $1 limit 1`, [
        tenantId,
      ])
    )[0]?.slug ?? '';
});
afterAll(async () => t?.close());

describe('portal logins on booking pages', () => {
  it('checks a Restricted list against the workspace', async () => {
    const bad = await patchPage(c, pageId, [
      { op: 'replace', path: '/portalAccess', value: { contactIds: [ada, '0b9e8c1e-4c1b-4d8e-9a51-2f0c0e7b1a11'], organizationIds: [] } },
    ]);
    expect(bad.status, bad.text).toBe(400);
    expect(codes(bad.body)).toEqual(['portalAccess.contactIds.1:notFound']);
  });

  it('lets any signed-in portal user of the workspace see and book a Registered page, as their contact and without a captcha', async () => {
    // the workspace has no helpdesk: its visitors sign in all the same (decision 093 round eight)
    expect(await t.sql('select 1 from helpdesks where tenant_id = $1', [tenantId])).toHaveLength(0);
    const anon = await anonymous.get(base());
    expect(anon.status).toBe(403);
    expect(anon.body.code).toBe('loginRequired');
    const session = await signIn('ada@example.com');
    const page = await anonymous.get(base(), as(session));
    expect(page.status, page.text).toBe(200);
    expect(page.body.portalUser).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
    const start = utcDayAhead(8, '09:00');
    const held = await anonymous.post(`${base()}/holds`, { resourceId: desk, start, end: plusMinutes(start, 60) }, as(session));
    expect(held.status, held.text).toBe(201);
    // the body's name and address are not theirs: the booking is the signed-in contact's all the same
    const confirmed = await anonymous.post(
      `${base()}/holds/${held.body.holdId}/confirm`,
      { name: 'Mallory', email: 'mallory@example.com', notes: 'Window seat' },
      as(session),
    );
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.status).toBe('Booked');
    const [row] = await t.sql<{ contact_id: string }>('select contact_id from bookings where id = $1', [held.body.holdId]);
    expect(row?.contact_id).toBe(ada);
    expect(await t.sql(`select 1 from contacts where email = 'mallory@example.com'`)).toHaveLength(0);
    // an anonymous confirmation still needs everything (the hold is never touched)
    const start2 = utcDayAhead(8, '11:00');
    const held2 = await anonymous.post(`${base()}/holds`, { resourceId: desk, start: start2, end: plusMinutes(start2, 60) }, as(session));
    expect(held2.status, held2.text).toBe(201);
    const anonConfirm = await anonymous.post(`${base()}/holds/${held2.body.holdId}/confirm`, { name: 'Eve' });
    expect(anonConfirm.status).toBe(403);
    expect(anonConfirm.body.code).toBe('loginRequired');
  });

  it('opens a Restricted page to listed contacts and organizations only: others 403 portalAccessDenied, nobody 403 loginRequired', async () => {
    const res = await patchPage(c, pageId, [
      ...visibility('Restricted'),
      { op: 'replace', path: '/portalAccess', value: { contactIds: [ada], organizationIds: [acme] } },
    ]);
    expect(res.status, res.text).toBe(200);
    const adaSession = await signIn('ada@example.com');
    const carolSession = await signIn('carol@example.com');
    const bobSession = await signIn('bob@example.com');
    expect((await anonymous.get(base(), as(adaSession))).status).toBe(200);
    // Carol is not listed herself, but her organization is
    const carolPage = await anonymous.get(base(), as(carolSession));
    expect(carolPage.status, carolPage.text).toBe(200);
    expect(carolPage.body.portalUser.email).toBe('carol@example.com');
    for (const r of [
      await anonymous.get(base(), as(bobSession)),
      await anonymous.get(`${base()}/captcha`, as(bobSession)),
      await anonymous.post(
        `${base()}/holds`,
        { resourceId: desk, start: utcDayAhead(9, '09:00'), end: utcDayAhead(9, '10:00') },
        as(bobSession),
      ),
    ]) {
      expect(r.status, r.text).toBe(403);
      expect(r.body.code).toBe('portalAccessDenied');
    }
    const nobody = await anonymous.get(base());
    expect(nobody.status).toBe(403);
    expect(nobody.body.code).toBe('loginRequired');
    // Carol is let in by her organization only: off the list, she is denied
    await patchPage(c, pageId, [{ op: 'replace', path: '/portalAccess', value: { contactIds: [ada], organizationIds: [] } }]);
    const denied = await anonymous.get(base(), as(carolSession));
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('portalAccessDenied');
    expect(carol).not.toBe(ada);
  });

  it("treats another workspace's portal user as nobody, both ways", async () => {
    await patchPage(c, pageId, visibility('Registered'));
    const adaSession = await signIn('ada@example.com');
    const zedSession = await signIn('zed@example.com', otherWorkspace);
    expect((await anonymous.get(base(otherWorkspace), as(zedSession))).status).toBe(200);
    const theirs = await anonymous.get(base(otherWorkspace), as(adaSession));
    expect(theirs.status).toBe(403);
    expect(theirs.body.code).toBe('loginRequired');
    const ours = await anonymous.get(base(), as(zedSession));
    expect(ours.status).toBe(403);
    expect(ours.body.code).toBe('loginRequired');
    // an Anon page shows who is signed in, and nobody for another workspace's session
    await patchPage(c, pageId, visibility('Anon'));
    expect((await anonymous.get(base(), as(adaSession))).body.portalUser?.email).toBe('ada@example.com');
    expect((await anonymous.get(base(), as(zedSession))).body.portalUser).toBeNull();
    // None stays 404, signed in or not
    await patchPage(c, pageId, visibility('None'));
    expect((await anonymous.get(base(), as(adaSession))).status).toBe(404);
  });

  it('still asks an anonymous visitor of an Anon page for the captcha, a name and an e-mail', async () => {
    await patchPage(c, pageId, visibility('Anon'));
    const start = utcDayAhead(10, '09:00');
    const held = await anonymous.post(`${base()}/holds`, { resourceId: desk, start, end: plusMinutes(start, 60) });
    expect(held.status, held.text).toBe(201);
    const url = `${base()}/holds/${held.body.holdId}/confirm`;
    const noCaptcha = await anonymous.post(url, { name: 'Eve', email: 'eve@example.com' });
    expect(noCaptcha.status).toBe(400);
    expect(codes(noCaptcha.body)).toEqual(['captcha:captchaInvalid']);
    const challenge = (await anonymous.get(`${base()}/captcha`)).body;
    const captcha = { challenge: challenge.challenge, nonce: solve(challenge.challenge, challenge.difficulty) };
    const noName = await anonymous.post(url, { email: 'eve@example.com', captcha });
    expect(noName.status).toBe(400);
    expect(codes(noName.body)).toEqual(['name:required']);
    const noEmail = await anonymous.post(url, { name: 'Eve', captcha });
    expect(codes(noEmail.body)).toEqual(['email:required']);
    const [row] = await t.sql<{ status: string }>('select status from bookings where id = $1', [held.body.holdId]);
    expect(row?.status).toBe('Held');
  });

  it('mails the link in the words of the booking page, in English or German, and redeems it once', async () => {
    await patchPage(c, pageId, visibility('Registered'));
    expect((await anonymous.post(`${base()}/sign-in`, { email: 'bob@example.com', language: 'de' })).status).toBe(202);
    const german = await lastMail('bob@example.com');
    expect(german.subject).toBe('Anmelden und Desks buchen');
    expect(german.text).toContain('um sich anzumelden und Desks zu buchen');
    const asked = await anonymous.post(`${base()}/sign-in`, { email: 'bob@example.com' }, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(asked.status).toBe(202);
    expect((await lastMail('bob@example.com')).subject).toBe('Anmelden und Desks buchen');
    expect((await anonymous.post(`${base()}/sign-in`, { email: 'bob@example.com' })).status).toBe(202);
    const english = await lastMail('bob@example.com');
    expect(english.subject).toBe('Sign in to book Desks');
    expect(english.text).toContain('Open this link to sign in and book Desks:');
    const token = new URL(await mailedLink('bob@example.com')).searchParams.get('token');
    expect((await anonymous.post(`${base()}/sign-in/redeem`, { token })).status).toBe(200);
    const again = await anonymous.post(`${base()}/sign-in/redeem`, { token });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('portalAccessDenied');
    const madeUp = await anonymous.post(`${base()}/sign-in/redeem`, { token: 'made-up' });
    expect(madeUp.status).toBe(403);
    expect((await anonymous.post(`${base()}/sign-in/redeem`, {})).status).toBe(400);
    const badLanguage = await anonymous.post(`${base()}/sign-in`, { email: 'bob@example.com', language: 'xx' });
    expect(badLanguage.status).toBe(400);
    expect(codes(badLanguage.body)).toEqual(['language:validation']);
    // a link of another workspace's booking page does not sign in here
    await anonymous.post(`${base(otherWorkspace)}/sign-in`, { email: 'zed@example.com' });
    const theirs = new URL(await mailedLink('zed@example.com')).searchParams.get('token');
    expect((await anonymous.post(`${base()}/sign-in/redeem`, { token: theirs })).status).toBe(403);
  });

  it('signs out from the booking page: the session ends, on the helpdesk portal too', async () => {
    await patchPage(c, pageId, visibility('Registered'));
    // a session made on the workspace's helpdesk portal reaches its booking pages (one identity)
    await post(c, '/api/v1/helpdesks', { name: 'Support', code: 'SUP', portalSlug: 'help', portalEnabled: true });
    expect((await anonymous.post(`/api/v1/public/portal/${workspace}/help/sign-in`, { email: 'ada@example.com' })).status).toBe(202);
    const link = new URL(await mailedLink('ada@example.com'));
    expect(link.pathname).toBe(`/portal/${workspace}/help/sign-in`);
    const redeemed = await anonymous.post(`/api/v1/public/portal/${workspace}/help/sign-in/redeem`, {
      token: link.searchParams.get('token'),
    });
    expect(redeemed.status, redeemed.text).toBe(200);
    const session = /atrium_portal=([\w-]+)/.exec(String(redeemed.headers['set-cookie']))?.[1] ?? '';
    expect((await anonymous.get(`/api/v1/public/portal/${workspace}/help/me`, as(session))).status).toBe(200);
    expect((await anonymous.get(base(), as(session))).status).toBe(200);
    const out = await anonymous.post(`${base()}/sign-out`, {}, as(session));
    expect(out.status, out.text).toBe(204);
    expect(String(out.headers['set-cookie'])).toContain(`Path=/api/v1/public/booking-pages/${workspace}`);
    const after = await anonymous.get(base(), as(session));
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('loginRequired');
    expect((await anonymous.get(`/api/v1/public/portal/${workspace}/help/me`, as(session))).status).toBe(403);
  });

  it('asks for a link silently: an unknown address gets the same answer and no mail', async () => {
    await patchPage(c, pageId, visibility('Registered'));
    const res = await anonymous.post(`${base()}/sign-in`, { email: 'nobody@example.com' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ sent: true });
    expect(await t.sql(`select 1 from mail_outbox where "to" = 'nobody@example.com'`)).toHaveLength(0);
    const bad = await anonymous.post(`${base()}/sign-in`, { email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(codes(bad.body)).toEqual(['email:invalidEmail']);
  });

  // The whole matrix for portal pages (issue 22, Done means; decision 093 round nine): each
  // internal visibility × each external one (and the portal switched off), for nobody, a listed
  // portal user and one not listed — the page, its captcha and a hold. The internal visibility
  // (the workspace's members) never changes what the portal answers.
  it('answers by the visibility matrix, internal × external, for nobody, a listed and an unlisted portal user', async () => {
    const adaSession = await signIn('ada@example.com');
    const bobSession = await signIn('bob@example.com');
    const visitors = [
      ['nobody', {}],
      ['Ada (listed)', as(adaSession)],
      ['Bob (not listed)', as(bobSession)],
    ] as const;
    const login = [403, 'loginRequired'] as const;
    const denied = [403, 'portalAccessDenied'] as const;
    const shown = [200, null] as const;
    const gone = [404, null] as const;
    // per external visibility (and the portal switch): the answer to nobody, Ada, Bob
    const expected = [
      ['Anon', true, [shown, shown, shown]],
      ['Registered', true, [login, shown, shown]],
      ['Restricted', true, [login, shown, denied]],
      ['None', true, [gone, gone, gone]],
      ['Anon', false, [gone, gone, gone]],
      ['Registered', false, [gone, gone, gone]],
    ] as const;
    const start = utcDayAhead(12, '09:00');
    for (const internal of ['Everyone', 'Restricted', 'None']) {
      for (const [external, portalEnabled, answers] of expected) {
        const set = await patchPage(c, pageId, [
          { op: 'replace', path: '/internalVisibility', value: internal },
          { op: 'replace', path: '/externalVisibility', value: external },
          { op: 'replace', path: '/portalEnabled', value: portalEnabled },
          { op: 'replace', path: '/portalAccess', value: { contactIds: [ada], organizationIds: [] } },
        ]);
        expect(set.status, set.text).toBe(200);
        for (const [v, [who, headers]] of visitors.entries()) {
          const [status, code] = answers[v]!;
          const label = `${internal} × ${external}${portalEnabled ? '' : ' (portal off)'}, ${who}`;
          for (const [i, res] of [
            await anonymous.get(base(), headers),
            await anonymous.get(`${base()}/captcha`, headers),
            await anonymous.post(`${base()}/holds`, { resourceId: desk, start, end: plusMinutes(start, 60) }, headers),
          ].entries()) {
            expect(res.status, `${label}: ${res.text}`).toBe(status === 200 && i === 2 ? 201 : status);
            if (code) expect(res.body.code, label).toBe(code);
          }
          await t.sql(`delete from bookings where tenant_id = $1 and status = 'Held'`, [tenantId]);
        }
      }
    }
    expect(await t.sql(`select 1 from bookings where tenant_id = $1 and starts_at = $2`, [tenantId, start])).toHaveLength(0);
  });
});

import { ENTITY_DEFINITIONS, type EntityDefinition } from '@atrium/domain';
import { expect, type Page } from '@playwright/test';
import { signedInApi, type SignedInApi } from '../support/signed-in-api';

export type SitePage = { path: string; label: string };

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

// Pages of the signed-in area that no menu links to: reached from a list, a menu or a mail.
const UNLINKED: SitePage[] = [
  { path: '/workspaces', label: 'workspace selection' },
  { path: '/workspaces/new', label: 'workspace wizard' },
  { path: '/profile', label: 'profile' },
  { path: '/contacts/import', label: 'import wizard' },
  { path: '/imports', label: 'import history' },
  { path: '/exports', label: 'export history' },
  { path: '/access-denied', label: 'access denied' },
  { path: '/no/such/page', label: 'not found' },
];

// Pages anyone can open without a session.
export const PUBLIC_PAGES: SitePage[] = [
  { path: '/', label: 'landing' },
  { path: '/auth/signin', label: 'sign-in' },
  { path: '/auth/signup', label: 'sign-up' },
  { path: '/idp/forgot-password', label: 'forgot password' },
  { path: '/workspaces/invite/not-a-real-token', label: 'invalid invitation' },
  { path: '/teams/join/not-a-real-token', label: 'invalid team invite link' },
  { path: '/unsubscribe/not-a-real-token', label: 'invalid unsubscribe link' },
  { path: '/mailbox', label: 'local mailbox' },
  { path: '/no/such/page', label: 'not found, signed out' },
];

// Every page of the signed-in area that exists, built from the app itself: the links of its
// navigation (every module's list and settings page), a record page of each entity kind of
// the domain's registry, and the pages no menu links to. A new module is covered the moment
// it has a navigation entry or an entity definition.
// One record of every kind with pages (a kind without a list key, such as custom queries, has
// none), made through the API with the required fields and the create dialog's references: a
// reference names the record made for its kind before (the definitions list a kind after the
// kinds it points at), the rest the field's import example (a project's code, a schedule's rule),
// an option, or a text.
export async function oneRecordOfEveryKind(api: SignedInApi, label: string): Promise<{ definition: EntityDefinition; id: string }[]> {
  const made = new Map<string, string>();
  const records: { definition: EntityDefinition; id: string }[] = [];
  // a kind whose required reference names another kind with pages comes after it (a resource
  // after its type and location), whatever the order the definitions are listed in
  const withPages = ENTITY_DEFINITIONS.filter((x) => x.savedViewKey !== undefined);
  const needs = (d: EntityDefinition) =>
    Object.values(d.fields).filter(
      (f) => f.required && f.kind === 'reference' && f.target !== d.kind && withPages.some((x) => x.kind === f.target),
    );
  const ordered: EntityDefinition[] = [];
  while (ordered.length < withPages.length) {
    const next = withPages.find((d) => !ordered.includes(d) && needs(d).every((f) => ordered.some((o) => o.kind === f.target)));
    if (!next) throw new Error('the kinds with pages refer to each other in a circle');
    ordered.push(next);
  }
  for (const d of ordered) {
    const body = Object.fromEntries(
      Object.entries(d.fields)
        .filter(([, f]) => (f.required || (f.kind === 'reference' && f.quick)) && !f.readOnly)
        .map(([k, f]) => [k, f.kind === 'reference' ? made.get(f.target ?? '') : (f.example ?? f.options?.[0] ?? `${label} ${k}`)])
        .filter(([, value]) => value !== undefined),
    );
    const { id } = await api.post<{ id: string }>(d.basePath, body);
    made.set(d.kind, id);
    records.push({ definition: d, id });
  }
  return records;
}

export async function everySignedInPage(page: Page): Promise<SitePage[]> {
  await page.setViewportSize(DESKTOP);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Modules' });
  // the module links show once the member's permissions have loaded (Dashboard shows before)
  await expect(nav.getByRole('link', { name: 'Contacts' }).first()).toBeVisible();
  const links = await nav
    .getByRole('link')
    .evaluateAll((els) => els.map((e) => ({ path: new URL((e as HTMLAnchorElement).href).pathname, label: (e.textContent ?? '').trim() })));
  // the settings page's sections (Settings is one entry at the navigation's foot)
  await page.goto('/settings');
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(sections.getByRole('link').first()).toBeVisible();
  links.push(
    ...(await sections
      .getByRole('link')
      .evaluateAll((els) =>
        els.map((e) => ({ path: new URL((e as HTMLAnchorElement).href).pathname, label: (e.textContent ?? '').trim() })),
      )),
  );
  const api = await signedInApi(page);
  const records: SitePage[] = [];
  // kinds with pages (a kind without a list key, such as custom queries, has none)
  for (const { definition: d, id } of await oneRecordOfEveryKind(api, 'Every page'))
    records.push({ path: `${d.web.path}/${id}`, label: `${d.kind} record` });
  const users = await api.post<{ data: { tenantUserId: string }[] }>('/api/v1/core/users/list', { page: 1, pageSize: 25 });
  const me = users.data[0]?.tenantUserId;
  const seen = new Set<string>();
  return [...links, ...records, ...(me ? [{ path: `/settings/users/${me}`, label: 'user detail' }] : []), ...UNLINKED].filter((p) => {
    if (seen.has(p.path)) return false;
    seen.add(p.path);
    return true;
  });
}

// Opens a page and waits until it has drawn its content: a level-1 heading and no loading
// placeholder left.
export async function openSettled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
}

// Goes to a page inside the app without loading the app again: the address changes and the
// router hears of it as it hears the browser's back and forward buttons (a popstate event).
// Then it waits until the new page has drawn its content: a level-1 heading that was not on the
// page before, and no loading placeholder left. 70 pages take 16 s this way, 62 s loaded one by
// one. A page that kept the old heading's element would fail here rather than pass on the old
// page. The page already shown is loaded again.
export async function visitSettled(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).pathname === path) return openSettled(page, path);
  await page.evaluate((to) => {
    const seen = window as unknown as { __visitedHeadings?: WeakSet<Element> };
    const headings = (seen.__visitedHeadings ??= new WeakSet());
    document.querySelectorAll('h1, [role="heading"][aria-level="1"]').forEach((h) => headings.add(h));
    const idx = (history.state as { idx?: number } | null)?.idx ?? 0;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: idx + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await page.waitForFunction(
    () => {
      const seen = (window as unknown as { __visitedHeadings: WeakSet<Element> }).__visitedHeadings;
      const fresh = Array.from(document.querySelectorAll('h1, [role="heading"][aria-level="1"]')).some(
        (h) => !seen.has(h) && h.checkVisibility(),
      );
      return fresh && document.querySelector('.ant-skeleton, .ant-spin-spinning') === null;
    },
    undefined,
    { polling: 'raf', timeout: 10_000 },
  );
}

export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

import type { Session } from '@atrium/domain';
import { AUTH_PATHS } from './paths';
import { broadcast, subscribe } from '../broadcast/broadcast-channels';
import { storeToken } from '../workspace/workspace-storage';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type SessionState = { status: SessionStatus; session: Session | null };

// Refresh a little before the real expiry so a call never leaves with a token about to die.
const EXPIRY_SKEW_MS = 10_000;

let state: SessionState = { status: 'loading', session: null };
const listeners = new Set<() => void>();
// One session fetch at a time: every caller that needs a fresh token awaits the same promise.
let inflight: Promise<Session> | null = null;

function setState(next: SessionState): void {
  state = next;
  listeners.forEach((l) => l());
}

export const sessionStore = {
  getState: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

export function redirectToSignIn(returnTo: string = currentAddress(), email?: string): void {
  window.location.assign(AUTH_PATHS.signIn(returnTo, email));
}

export function redirectToSignUp(returnTo: string = currentAddress(), email?: string): void {
  window.location.assign(AUTH_PATHS.signUp(returnTo, email));
}

const requestSession = () =>
  fetch(AUTH_PATHS.session, { credentials: 'same-origin', headers: { accept: 'application/json' }, cache: 'no-store' });
// the first session request, asked for at boot (boot/start-requests.ts) and taken by the first load
let early: Promise<Response> | undefined;

export function startSessionRequest(): void {
  early = requestSession();
  // an answer nobody takes must not count as an unhandled rejection
  early.catch(() => undefined);
}

async function fetchSession(): Promise<Session> {
  const taken = early;
  early = undefined;
  const res = await (taken ?? requestSession());
  if (!res.ok) throw new Error(`Session request failed with ${res.status}`);
  return parseSession(await res.json());
}

// A hand-written check instead of the zod schema: this module is part of the first load.
function parseSession(body: unknown): Session {
  const o = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const u = o.user as Record<string, unknown> | null | undefined;
  const user = u && typeof u.id === 'string' ? { id: u.id, email: String(u.email ?? ''), name: String(u.name ?? '') } : null;
  return {
    user,
    accessToken: typeof o.accessToken === 'string' ? o.accessToken : null,
    accessTokenExpires: typeof o.accessTokenExpires === 'number' ? o.accessTokenExpires : null,
    error: o.error === 'RefreshAccessTokenError' ? 'RefreshAccessTokenError' : null,
  };
}

function apply(session: Session): void {
  if (session.error === 'RefreshAccessTokenError') {
    // The identity provider no longer accepts our refresh token: sign in again and come back.
    storeToken(null);
    setState({ status: 'loading', session: null });
    redirectToSignIn();
    return;
  }
  const authenticated = session.user !== null && session.accessToken !== null;
  storeToken(authenticated ? session.accessToken : null);
  setState({ status: authenticated ? 'authenticated' : 'unauthenticated', session: authenticated ? session : null });
}

// Loads (or reloads) the session. Concurrent callers share one request.
export function loadSession(options: { announce?: boolean } = {}): Promise<Session> {
  if (inflight) return inflight;
  inflight = fetchSession()
    .then((session) => {
      apply(session);
      if (options.announce && session.user) broadcast('atrium.session', { type: 'refreshed' });
      return session;
    })
    .catch((error: unknown) => {
      if (state.status === 'loading') setState({ status: 'unauthenticated', session: null });
      throw error;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

export const refreshSession = () => loadSession({ announce: true });

// Resolves once no session fetch is running, so a call never leaves with a token being replaced.
export async function settledSession(): Promise<void> {
  if (inflight) await inflight.catch(() => undefined);
}

// Runs `work` once the session is known, if someone is signed in: a route's loader asks for its
// page's data with the start-up's own calls (the calls themselves wait for the token). Settles,
// never fails, once the session is known and what `work` returned has settled.
export function whenSignedIn(work: () => unknown): Promise<void> {
  const known = state.status === 'loading' ? loadSession() : Promise.resolve();
  return known.then(
    async () => {
      if (state.status !== 'authenticated') return;
      try {
        await work();
      } catch {
        // nothing waits on it: the page's own calls ask again
      }
    },
    () => undefined,
  );
}

export function accessToken(): string | null {
  return state.session?.accessToken ?? null;
}

export function tokenExpired(now = Date.now()): boolean {
  const expires = state.session?.accessTokenExpires;
  return typeof expires === 'number' && expires - EXPIRY_SKEW_MS <= now;
}

// A form post, so the server can redirect through the identity provider's sign-out and back to /.
// Nothing ends yet: the provider asks first, and "No, stay signed in" keeps this session. Other
// tabs hear of it once the sign-out is done (announceCompletedSignOut).
export function signOut(): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = AUTH_PATHS.signOut;
  form.style.display = 'none';
  document.body.appendChild(form);
  form.submit();
}

async function waitUntilSignedOut(attempts = 40): Promise<void> {
  for (let i = 0; i < attempts; i += 1) {
    const session = await fetchSession().catch(() => null);
    if (session && !session.user) return;
    await new Promise((resolve) => window.setTimeout(resolve, 250));
  }
}

// The server lands a finished sign-out on /?signedOut=1: tell the other tabs, tidy the address.
function announceCompletedSignOut(): void {
  const params = new URLSearchParams(window.location.search);
  if (!params.has('signedOut')) return;
  broadcast('atrium.session', { type: 'signedOut' });
  storeToken(null);
  params.delete('signedOut');
  const rest = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
}

// Other tabs: a sign-out ends this tab's session too; a refresh there means our token is stale.
export function listenToOtherTabs(): () => void {
  announceCompletedSignOut();
  return subscribe('atrium.session', (message) => {
    if (message.type === 'signedOut') {
      storeToken(null);
      // 'loading' renders nothing; 'unauthenticated' would start a sign-in from protected pages
      setState({ status: 'loading', session: null });
      // The other tab's sign-out request may still be on its way: wait until the server agrees,
      // or the start page would find the old session and bring us straight back.
      void waitUntilSignedOut().then(() => window.location.assign('/'));
    } else {
      void loadSession().catch(() => undefined);
    }
  });
}

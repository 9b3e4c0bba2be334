import type { z } from 'zod';
import { accessToken, redirectToSignIn, refreshSession, settledSession, tokenExpired } from '../auth/session-store';
import { storedTenantId } from '../workspace/workspace-storage';
import { toApiError } from './api-error';

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  // false for public calls: no bearer token, no session refresh
  auth?: boolean;
  // false to leave out X-Tenant-Id on user-level calls
  tenant?: boolean;
  signal?: AbortSignal;
  // extra request headers, e.g. If-Match on versioned writes
  headers?: Record<string, string>;
};

// Codes a 403 carries when the token itself was refused rather than the permission.
const AUTH_FAILURE_CODES = new Set(['unauthorized', 'invalidToken']);

async function isAuthFailure(res: Response): Promise<boolean> {
  if (res.status === 401) return true;
  if (res.status !== 403) return false;
  try {
    const body: unknown = await res.clone().json();
    return typeof body === 'object' && body !== null && 'code' in body && AUTH_FAILURE_CODES.has(String(body.code));
  } catch {
    return false;
  }
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json, application/problem+json', ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  const tenantId = options.tenant === false ? null : storedTenantId();
  if (tenantId) headers['x-tenant-id'] = tenantId;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    credentials: 'same-origin',
    ...(body !== undefined ? { body } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

// Authenticated calls: wait for any session refresh under way, refresh first when the token has
// expired, and on an auth failure refresh once (shared by every call that failed with the same
// token) and retry. A failed refresh ends in a sign-in redirect from the session store.
async function authorizedFetch(path: string, options: RequestOptions): Promise<Response> {
  await settledSession();
  if (tokenExpired()) await refreshSession();
  const token = accessToken();
  const res = await send(path, options, token);
  if (!(await isAuthFailure(res))) return res;

  // Another call may already have replaced the token we used: then just retry with the new one.
  if (accessToken() === token) {
    await settledSession();
    if (accessToken() === token) await refreshSession();
  }
  const retried = await send(path, options, accessToken());
  if (retried.status === 401) redirectToSignIn();
  return retried;
}

export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const res = options.auth === false ? await send(path, options, null) : await authorizedFetch(path, options);
  if (!res.ok) throw await toApiError(res);
  return res;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}, schema?: z.ZodType<T>): Promise<T> {
  const res = await apiFetch(path, options);
  if (res.status === 204 || res.status === 202) {
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const data: unknown = await res.json();
  return schema ? schema.parse(data) : (data as T);
}

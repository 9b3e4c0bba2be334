// Where the current workspace and token live between reloads (spec §3): TOKEN and TENANT_ID
// in local storage, plus a secure same-site cookie named workspaceId for server-rendered paths.
export const STORAGE_KEYS = { token: 'TOKEN', tenantId: 'TENANT_ID', language: 'LANGUAGE' } as const;
const WORKSPACE_COOKIE = 'workspaceId';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // private mode or full storage: the in-memory state still works for this tab
  }
}

export const storeToken = (token: string | null) => write(STORAGE_KEYS.token, token);
export const storedLanguage = () => read(STORAGE_KEYS.language);
export const storeLanguage = (language: string) => write(STORAGE_KEYS.language, language);

export function storedTenantId(): string | null {
  return read(STORAGE_KEYS.tenantId);
}

export function storeTenantId(tenantId: string | null): void {
  write(STORAGE_KEYS.tenantId, tenantId);
  const attributes = 'Path=/; Secure; SameSite=Lax';
  document.cookie =
    tenantId === null
      ? `${WORKSPACE_COOKIE}=; Max-Age=0; ${attributes}`
      : `${WORKSPACE_COOKIE}=${encodeURIComponent(tenantId)}; Max-Age=31536000; ${attributes}`;
}

// Small per-user lists kept between reloads (recently opened records…); unreadable is empty.
export function storedList<T>(key: string): T[] {
  try {
    const parsed: unknown = JSON.parse(read(key) ?? '[]');
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}
export const storeList = (key: string, items: readonly unknown[]) => write(key, JSON.stringify(items));

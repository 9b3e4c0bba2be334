// A browser's part in the OIDC flows, over plain fetch: for API tests and for the deployment
// check (.ci/run), which runs outside Vitest.
type StoredCookie = { value: string; path: string };
export type BrowserResponse = { status: number; url: string; text: string; headers: Headers };

// Just enough of a browser for OIDC flows: a cookie jar per host and manual redirects.
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, StoredCookie>>();

  private store(url: URL, headers: Headers): void {
    const cookies = this.jar.get(url.host) ?? new Map<string, StoredCookie>();
    this.jar.set(url.host, cookies);
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let cookiePath = '/';
      let expired = value === '';
      for (const attr of attrs) {
        const [k = '', v = ''] = attr.split('=');
        if (k.toLowerCase() === 'path') cookiePath = v;
        if (k.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true;
        if (k.toLowerCase() === 'expires' && Date.parse(v) < Date.now()) expired = true;
      }
      const key = `${name};${cookiePath}`;
      if (expired) cookies.delete(key);
      else cookies.set(key, { value, path: cookiePath });
    }
  }

  cookieHeader(url: URL): string {
    const cookies = this.jar.get(url.host);
    if (!cookies) return '';
    return [...cookies.entries()]
      .filter(([, c]) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/')
      .map(([key, c]) => `${key.split(';')[0]}=${c.value}`)
      .join('; ');
  }

  // a cookie the server did not set (a forged one)
  setCookie(host: string, name: string, value: string, path = '/'): void {
    const cookies = this.jar.get(host) ?? new Map<string, StoredCookie>();
    this.jar.set(host, cookies);
    cookies.set(`${name};${path}`, { value, path });
  }

  cookie(host: string, name: string): string | undefined {
    for (const [key, c] of this.jar.get(host) ?? []) if (key.split(';')[0] === name) return c.value;
    return undefined;
  }

  async request(
    input: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string>; follow?: boolean } = {},
  ): Promise<BrowserResponse> {
    let url = new URL(input);
    let method = init.method ?? (init.form ? 'POST' : 'GET');
    let body: string | undefined = init.form ? new URLSearchParams(init.form).toString() : undefined;
    for (let hop = 0; hop < 20; hop++) {
      const headers: Record<string, string> = { ...init.headers };
      const cookie = this.cookieHeader(url);
      if (cookie) headers.cookie = cookie;
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const res = await fetch(url, { method, headers, redirect: 'manual', ...(body !== undefined ? { body } : {}) });
      this.store(url, res.headers);
      const location = res.headers.get('location');
      if (init.follow !== false && location && res.status >= 300 && res.status < 400) {
        await res.arrayBuffer();
        url = new URL(location, url);
        if (res.status !== 307 && res.status !== 308) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      return { status: res.status, url: url.href, text: await res.text(), headers: res.headers };
    }
    throw new Error(`too many redirects from ${input}`);
  }

  get(url: string, follow = true) {
    return this.request(url, { follow });
  }

  post(url: string, form: Record<string, string>, follow = true) {
    return this.request(url, { form, follow });
  }
}

// The action of the first form on an HTML page, resolved against the page's URL.
export function formAction(page: BrowserResponse): string {
  const m = page.text.match(/<form[^>]*action="([^"]+)"/);
  if (!m?.[1]) throw new Error(`no form on ${page.url}: ${page.text.slice(0, 500)}`);
  return new URL(m[1].replaceAll('&amp;', '&'), page.url).href;
}

// The first link in a captured mail's text.
export function firstLink(text: string): string {
  const m = text.match(/https?:\/\/\S+/);
  if (!m) throw new Error(`no link in mail: ${text}`);
  return m[0];
}

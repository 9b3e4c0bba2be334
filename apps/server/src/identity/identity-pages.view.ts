import { escapeHtml } from '../platform/html.util';
// Server-rendered identity pages. No scripts at all (the CSP forbids inline ones and none are
// needed); styles and the Inter font come from /idp/assets, so nothing loads from a CDN.

export type FieldErrors = Partial<Record<string, string>>;
export type Link = { href: string; label: string };

export { escapeHtml };

export const IDENTITY_CSS = `
@font-face { font-family: 'Inter Variable'; font-style: normal; font-display: swap; font-weight: 100 900;
  src: url(/idp/assets/inter.woff2) format('woff2-variations'); }
:root { --primary: #021F65; --primary-hover: #1a3a85; --error: #cf1322; --border: #d9d9d9; --text: rgba(0,0,0,.88); --muted: rgba(0,0,0,.55); }
* { box-sizing: border-box; }
html { font-size: 13px; }
body { margin: 0; min-height: 100vh; font-family: 'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', sans-serif;
  font-size: 13px; line-height: 1.5715; color: var(--text); background: #f5f6fa; display: flex; align-items: center; justify-content: center; }
main { width: 100%; max-width: 400px; padding: 24px 16px; }
.brand { display: flex; align-items: center; gap: 8px; color: var(--primary); font-weight: 700; font-size: 18px; margin-bottom: 16px; justify-content: center; }
.brand-mark { width: 28px; height: 28px; border-radius: 6px; background: var(--primary); color: #fff; display: grid; place-items: center; font-size: 15px; }
.card { background: #fff; border-radius: 8px; box-shadow: 0 1px 2px rgba(0,0,0,.04), 0 2px 8px rgba(0,0,0,.06); padding: 32px 28px; }
h1 { font-size: 20px; font-weight: 600; margin: 0 0 8px; }
p { margin: 0 0 16px; }
.muted { color: var(--muted); }
form { display: flex; flex-direction: column; gap: 16px; margin: 0; }
.field { display: flex; flex-direction: column; gap: 4px; }
label { font-weight: 500; }
input[type=text], input[type=email], input[type=password] { font: inherit; padding: 6px 11px; border: 1px solid var(--border); border-radius: 6px; height: 32px; }
input:focus-visible { outline: 2px solid var(--primary); outline-offset: 1px; border-color: var(--primary); }
input[aria-invalid=true] { border-color: var(--error); }
.field-error, .alert-error { color: var(--error); margin: 0; }
.alert { border-radius: 6px; padding: 8px 12px; margin-bottom: 16px; }
.alert-error { background: #fff2f0; border: 1px solid #ffccc7; }
.alert-info { background: #f0f5ff; border: 1px solid #adc6ff; }
.button { font: inherit; font-weight: 500; display: inline-flex; justify-content: center; align-items: center; height: 32px; padding: 0 15px;
  border-radius: 6px; border: 1px solid var(--primary); background: var(--primary); color: #fff; cursor: pointer; text-decoration: none; }
.button:hover { background: var(--primary-hover); }
.button:focus-visible { outline: 2px solid var(--primary); outline-offset: 2px; }
.button-secondary { background: #fff; color: var(--text); border-color: var(--border); }
.button-secondary:hover { background: #fff; color: var(--primary); border-color: var(--primary); }
.actions { display: flex; flex-direction: column; gap: 8px; }
.links { margin-top: 16px; display: flex; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
a { color: var(--primary); }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 8px; border-bottom: 1px solid #f0f0f0; vertical-align: top; overflow-wrap: anywhere; }
pre.mail { white-space: pre-wrap; word-break: break-word; font: inherit; background: #fafafa; border: 1px solid #f0f0f0; border-radius: 6px; padding: 12px; }
main.wide { max-width: 880px; }
`;

export function layout(opts: { title: string; body: string; wide?: boolean }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(opts.title)} · Atrium</title>
<link rel="preload" href="/idp/assets/inter.woff2" as="font" type="font/woff2" crossorigin>
<link rel="stylesheet" href="/idp/assets/identity.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<main${opts.wide ? ' class="wide"' : ''}>
<div class="brand" aria-hidden="true"><span class="brand-mark">A</span>Atrium</div>
<div class="card">
${opts.body}
</div>
</main>
</body>
</html>`;
}

function field(opts: {
  name: string;
  label: string;
  type: string;
  value?: string;
  autocomplete: string;
  error?: string;
  autofocus?: boolean;
  hint?: string;
}): string {
  const id = `field-${opts.name}`;
  const described = [opts.error ? `${id}-error` : '', opts.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return `<div class="field">
<label for="${id}">${escapeHtml(opts.label)}</label>
<input id="${id}" name="${opts.name}" type="${opts.type}" autocomplete="${opts.autocomplete}" required${
    opts.value !== undefined && opts.type !== 'password' ? ` value="${escapeHtml(opts.value)}"` : ''
  }${opts.error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}${opts.autofocus ? ' autofocus' : ''}>
${opts.hint ? `<span id="${id}-hint" class="muted">${escapeHtml(opts.hint)}</span>` : ''}
${opts.error ? `<p id="${id}-error" class="field-error">${escapeHtml(opts.error)}</p>` : ''}
</div>`;
}

const alert = (kind: 'error' | 'info', text: string | undefined) =>
  text ? `<div class="alert alert-${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</div>` : '';

const links = (items: Link[]) =>
  items.length
    ? `<nav class="links" aria-label="More options">${items.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`).join('')}</nav>`
    : '';

export function signInPage(opts: {
  action: string;
  email?: string;
  error?: string;
  notice?: string;
  fieldErrors?: FieldErrors;
  links: Link[];
}): string {
  const fe = opts.fieldErrors ?? {};
  return layout({
    title: 'Sign in',
    body: `<h1>Sign in</h1>
<p class="muted">Welcome back to Atrium.</p>
${alert('info', opts.notice)}${alert('error', opts.error)}
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${field({ name: 'email', label: 'E-mail', type: 'email', value: opts.email ?? '', autocomplete: 'username', error: fe.email, autofocus: !opts.email })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', error: fe.password, autofocus: !!opts.email })}
<button class="button" type="submit">Sign in</button>
</form>
${links(opts.links)}`,
  });
}

export function signUpPage(opts: {
  action: string;
  values?: { name?: string; email?: string };
  // where Atrium goes after the first sign-in, carried into the verification mail
  returnTo?: string | undefined;
  fieldErrors?: FieldErrors;
  links: Link[];
}): string {
  const fe = opts.fieldErrors ?? {};
  return layout({
    title: 'Sign up',
    body: `<h1>Create your account</h1>
<p class="muted">We will send you a link to confirm your e-mail address.</p>
<form method="post" action="${escapeHtml(opts.action)}" novalidate>
${opts.returnTo ? `<input type="hidden" name="returnTo" value="${escapeHtml(opts.returnTo)}">` : ''}
${field({ name: 'name', label: 'Name', type: 'text', value: opts.values?.name ?? '', autocomplete: 'name', error: fe.name, autofocus: !opts.values?.email })}
${field({ name: 'email', label: 'E-mail', type: 'email', value: opts.values?.email ?? '', autocomplete: 'email', error: fe.email })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: fe.password, hint: 'At least 8 characters.' })}
<button class="button" type="submit">Sign up</button>
</form>
${links(opts.links)}`,
  });
}

export function forgotPasswordPage(opts: { email?: string; fieldErrors?: FieldErrors; links: Link[] }): string {
  return layout({
    title: 'Forgot password',
    body: `<h1>Forgot your password?</h1>
<p class="muted">Enter your e-mail address and we will send you a link to choose a new password.</p>
<form method="post" action="/idp/forgot-password" novalidate>
${field({ name: 'email', label: 'E-mail', type: 'email', value: opts.email ?? '', autocomplete: 'email', error: opts.fieldErrors?.email, autofocus: true })}
<button class="button" type="submit">Send reset link</button>
</form>
${links(opts.links)}`,
  });
}

export function resetPasswordPage(opts: {
  email: string;
  token: string;
  error?: string;
  fieldErrors?: FieldErrors;
  links: Link[];
}): string {
  return layout({
    title: 'Choose a new password',
    body: `<h1>Choose a new password</h1>
${alert('error', opts.error)}
<form method="post" action="/idp/reset-password" novalidate>
<input type="hidden" name="email" value="${escapeHtml(opts.email)}">
<input type="hidden" name="token" value="${escapeHtml(opts.token)}">
${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', error: opts.fieldErrors?.password, autofocus: true, hint: 'At least 8 characters.' })}
<button class="button" type="submit">Change password</button>
</form>
${links(opts.links)}`,
  });
}

export function messagePage(opts: { title: string; message: string; actions?: Link[]; links?: Link[]; status?: 'info' | 'error' }): string {
  const actions = opts.actions ?? [];
  return layout({
    title: opts.title,
    body: `<h1>${escapeHtml(opts.title)}</h1>
<p${opts.status === 'error' ? ' class="alert-error alert" role="alert"' : ''}>${escapeHtml(opts.message)}</p>
${actions.length ? `<div class="actions">${actions.map((a, i) => `<a class="button${i > 0 ? ' button-secondary' : ''}" href="${escapeHtml(a.href)}">${escapeHtml(a.label)}</a>`).join('')}</div>` : ''}
${links(opts.links ?? [])}`,
  });
}

// oidc-provider hands over its own <form> (with the xsrf field); the buttons submit it by id.
// `form` posts the confirmation (the provider's, or Atrium's own); staying signed in is a plain
// link back, so declining touches no session and no grant.
export function signOutPage(form: string, stayHref: string, formId = 'op.logoutForm'): string {
  return layout({
    title: 'Sign out',
    body: `<h1>Sign out of Atrium?</h1>
<p class="muted">You will be signed out of Atrium on this browser.</p>
${form}
<div class="actions">
<button class="button" type="submit" form="${escapeHtml(formId)}" value="yes" name="logout" autofocus>Yes, sign me out</button>
<a class="button button-secondary" href="${escapeHtml(stayHref)}">No, stay signed in</a>
</div>`,
  });
}

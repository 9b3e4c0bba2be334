import { captionIn } from '../../platform/captions';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// The page a browser sees when the provider's callback cannot connect the calendar (decision 093
// round eight): what went wrong, in the visitor's language, and the way back to the settings page.
export function connectionFailurePage(code: string, publicUrl: string, acceptLanguage: string | undefined): string {
  const language = (acceptLanguage ?? '').slice(0, 2).toLowerCase() === 'de' ? 'de' : 'en';
  const title = escapeHtml(captionIn(language, 'calendarIntegrations.failedTitle'));
  const text = escapeHtml(captionIn(language, `errorCodes.${code}`));
  const back = escapeHtml(captionIn(language, 'calendarIntegrations.backToSettings'));
  const href = escapeHtml(`${publicUrl}/settings/calendar-integrations`);
  return [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${title}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1f1f1f}a{color:#021f65}</style>',
    `</head><body><main><h1>${title}</h1><p>${text}</p><p><a href="${href}">${back}</a></p></main></body></html>`,
  ].join('');
}

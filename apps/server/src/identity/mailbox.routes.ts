import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../platform/database';
import type { Mailer } from '../platform/mail/mailer';
import { isLoopbackClient } from '../platform/proxy';
import { escapeHtml, layout } from './identity-pages.view';
import { capturedMail, recentMail } from './mailbox.service';

export type MailboxDeps = { mailer: Mailer; db: Db; trustProxy: false | number | string[] };

// The captured outbox holds verification and reset links, so it is shown only without SMTP and
// only to a browser on this machine (not through a proxy, whose requests would look local).
function allowed(request: FastifyRequest, mailer: Mailer, trustProxy: false | number | string[]): boolean {
  return mailer.captured && isLoopbackClient(request, trustProxy);
}

// Mails render as text: escaped, with http(s) links made clickable. Their HTML part is never shown.
export function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

const page = (reply: FastifyReply, title: string, body: string, status = 200) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(layout({ title, body, wide: true }));

export function registerMailboxRoutes(app: FastifyInstance, { mailer, db, trustProxy }: MailboxDeps): void {
  const opts = { config: { access: { kind: 'public' as const } }, schema: { hide: true } };
  const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain').send('Not found');

  app.get('/mailbox', opts, async (request, reply) => {
    if (!allowed(request, mailer, trustProxy)) return notFound(reply);
    const rows = await recentMail(db);
    const list = rows.length
      ? `<table><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows
          .map(
            (r) =>
              `<tr><td>${escapeHtml(r.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(r.to)}</td><td><a href="/mailbox/${r.id}">${escapeHtml(r.subject)}</a></td></tr>`,
          )
          .join('')}</tbody></table>`
      : '<p class="muted">No mail yet.</p>';
    return page(
      reply,
      'Mailbox',
      `<h1>Local mailbox</h1><p class="muted">Mail is captured here because SMTP_URL is not set. Newest first.</p>${list}`,
    );
  });

  app.get('/mailbox/:id', opts, async (request, reply) => {
    if (!allowed(request, mailer, trustProxy)) return notFound(reply);
    const params = z.object({ id: z.uuid() }).safeParse(request.params);
    if (!params.success) return notFound(reply);
    const mail = await capturedMail(db, params.data.id);
    if (!mail) return notFound(reply);
    return page(
      reply,
      mail.subject,
      `<h1>${escapeHtml(mail.subject)}</h1>
<p class="muted">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</p>
<pre class="mail">${linkify(mail.text)}</pre>
<nav class="links" aria-label="Mailbox"><a href="/mailbox">Back to the mailbox</a></nav>`,
    );
  });
}

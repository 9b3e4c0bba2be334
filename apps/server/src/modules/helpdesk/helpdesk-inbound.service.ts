import { randomUUID } from 'node:crypto';
import type { ReplyThreading } from '@atrium/domain';
import type { Config } from '../../platform/config';
import type { TenantContext } from '../../platform/context';
import type { Database } from '../../platform/database';
import { createEntity, recordActivities } from '../../platform/entity';
import { AppError } from '../../platform/errors';
import { publishRecordEvent } from '../../platform/events/live-events.service';
import { inWorkspace } from '../../platform/jobs/workspace-walk';
import type { Mailer } from '../../platform/mail/mailer';
import { InboundRefusal, type InboundMail, type InboundMailHandler } from '../../platform/mail/inbound-listener';
import type { FileAttacher } from '../core';
import * as inboundRepo from './helpdesk-inbound.repository';
import type { HelpdeskKinds } from './helpdesk.entities';
import * as repo from './helpdesk.repository';
import { customEmails, helpdeskMail } from './helpdesk.service';

// Inbound mail (issue 23, decision 094): a mail to a helpdesk's sender address becomes a request
// (channel Email), or a message of the request it answers — by In-Reply-To/References against
// the Message-IDs of the request's messages (and its thread root), then by the request number in
// the subject ("[SUP-12]" or "SUP-12"). Auto-replies, bulk mail and our own mails coming back are
// dropped (accepted, nothing written); a sender marked spam or blocked is refused (550).
// `attach`: core's door for files received (the mail's attachments become the request's documents)
export type InboundDeps = {
  kinds: HelpdeskKinds;
  database: Database;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'mailFrom'>;
  attach: FileAttacher;
};

export type InboundOutcome = { requestId: string; threaded: boolean } | { ignored: string };

const BODY_MAX = 100_000;
const SUBJECT_MAX = 300;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const headerText = (mail: InboundMail, name: string): string | null => {
  const v = mail.parsed.headers.get(name);
  return typeof v === 'string' ? v.trim() : null;
};

// Why a mail is not answered by a request: an auto-reply (Auto-Submitted other than "no"), bulk
// or list mail (Precedence), or one of our own mails (its Message-ID is the form ours take).
export function ignoredBecause(mail: InboundMail, ourHost: string): string | null {
  const auto = headerText(mail, 'auto-submitted');
  if (auto && auto.toLowerCase() !== 'no') return 'autoSubmitted';
  const precedence = headerText(mail, 'precedence')?.toLowerCase();
  if (precedence && ['bulk', 'junk', 'list'].includes(precedence)) return 'precedence';
  if (mail.parsed.messageId && ourMessageId(ourHost).test(mail.parsed.messageId)) return 'loop';
  return null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ourMessageId = (host: string) => new RegExp(`^<request\\.(${UUID})@${escapeRegExp(host)}>$`, 'i');

// The request number a subject names for this helpdesk's code ("Re: [SUP-12] …", "SUP-12").
export function numberInSubject(subject: string, code: string): string | null {
  const m = new RegExp(`(?:^|[^A-Za-z0-9-])(${escapeRegExp(code)}-\\d+)(?![0-9])`, 'i').exec(subject);
  return m?.[1]?.toUpperCase() ?? null;
}

function referencesOf(mail: InboundMail): string[] {
  const refs = mail.parsed.references;
  const list = [...(Array.isArray(refs) ? refs : refs ? refs.split(/\s+/) : []), ...(mail.parsed.inReplyTo?.split(/\s+/) ?? [])];
  return [...new Set(list.map((r) => r.trim()).filter((r) => r.startsWith('<') && r.length <= 998))];
}

function bodyOf(mail: InboundMail): string {
  const text = (mail.parsed.text ?? '').replace(/\r\n/g, '\n').trim();
  return (text === '' ? '(no text)' : text).slice(0, BODY_MAX);
}

// The listener's handler: recipients are the helpdesks' sender addresses (exactly one live
// helpdesk with it, in any workspace); each accepted recipient gets the message.
export function helpdeskInboundHandler(deps: InboundDeps): InboundMailHandler {
  return {
    accepts: async (address) => (await inboundRepo.helpdesksForAddress(deps.database.db, address)).length === 1,
    deliver: async (mail) => {
      const outcomes: Record<string, unknown>[] = [];
      for (const address of mail.recipients) {
        const [found, second] = await inboundRepo.helpdesksForAddress(deps.database.db, address);
        if (found && !second) outcomes.push({ to: address, ...(await receiveMail(deps, found, mail)) });
      }
      return outcomes;
    },
  };
}

export async function receiveMail(
  deps: InboundDeps,
  target: { tenantId: string; helpdeskId: string },
  mail: InboundMail,
): Promise<InboundOutcome> {
  const host = new URL(deps.config.publicUrl).hostname || 'atrium.local';
  const ignored = ignoredBecause(mail, host);
  if (ignored) return { ignored };
  const from = mail.parsed.from?.value.find((a) => a.address)?.address ?? mail.envelopeFrom;
  if (!from) throw new InboundRefusal(550, '5.1.7 a mail needs a sender address');
  return inWorkspace(deps.database, target.tenantId, async (system) => {
    // activities name the sender
    const ctx: TenantContext = { ...system, user: { ...system.user, name: from } };
    const helpdesk = await inboundRepo.inboundHelpdesk(ctx, target.helpdeskId);
    if (!helpdesk) throw new InboundRefusal(550, '5.1.1 no such recipient here');
    if (await inboundRepo.senderRefused(ctx, from)) throw new InboundRefusal(550, '5.7.1 the sender is not accepted here');
    const messageId = mail.parsed.messageId?.slice(0, 998) ?? null;
    // the same mail delivered again (a retry after a lost answer) is written once
    if (messageId && (await inboundRepo.messageIdKnown(ctx, messageId))) return { ignored: 'duplicate' };
    const references = referencesOf(mail);
    const roots = references.flatMap((r) => ourMessageId(host).exec(r)?.[1] ?? []);
    const subject = (mail.parsed.subject ?? '').trim();
    let requestId = await inboundRepo.requestByMessageIds(ctx, helpdesk.id, references, roots);
    const numbered = numberInSubject(subject, helpdesk.code);
    // a reply (it names a message or this helpdesk's request number): how it threaded, counted
    // for the helpdesk's threading share
    let replyThreading: ReplyThreading | null = requestId ? 'header' : null;
    if (!requestId && numbered) {
      requestId = await inboundRepo.requestByNumber(ctx, helpdesk.id, numbered);
      if (requestId) replyThreading = 'subject';
    }
    if (!replyThreading && (references.length > 0 || numbered)) replyThreading = 'none';
    const body = bodyOf(mail);
    const threaded = requestId !== undefined;
    let created = false;
    if (!requestId) {
      const row = await createEntity(ctx, deps.kinds.request, {
        subject: (subject === '' ? '(no subject)' : subject).slice(0, SUBJECT_MAX),
        helpdeskId: helpdesk.id,
        requesterEmail: from,
      }).catch((err: unknown) => {
        // a sender address the request's rules refuse: the sender hears it, nothing is written
        if (err instanceof AppError && err.status < 500) throw new InboundRefusal(550, `5.6.0 not accepted: ${err.message}`);
        throw err;
      });
      requestId = String(row.id);
      await repo.setRequestChannel(ctx, requestId, 'Email');
      created = true;
    }
    const message = await repo.insertMessage(ctx, {
      requestId,
      kind: 'inbound',
      body,
      authorId: null,
      authorName: mail.parsed.from?.value[0]?.name || null,
      fromAddress: from,
      toAddress: mail.recipients.join(', ').slice(0, 998) || null,
      messageId,
      inReplyTo: mail.parsed.inReplyTo ?? null,
      references: references.length > 0 ? references.join(' ') : null,
      replyThreading,
    });
    await recordActivities(ctx, [
      { entityKind: 'Request', entityId: requestId, type: 'Email', action: 'mailReceived', after: { id: message.id, from, subject } },
    ]);
    const head = await inboundRepo.requestHead(ctx, requestId);
    if (created) await acknowledge(ctx, deps, { host, helpdeskId: helpdesk.id, requestId, head, to: from, messageId, references });
    // its attachments become the request's documents by the upload rules; the sender hears of
    // any that were not kept (too large, a type not accepted) — the text is kept either way
    const files = mail.parsed.attachments.filter((a) => a.content.length > 0 || a.filename);
    if (files.length > 0) {
      const { refused } = await deps.attach(
        ctx,
        { entityKind: 'Request', entityId: requestId },
        files.map((a, i) => ({ name: a.filename ?? `attachment-${i + 1}.bin`, data: a.content })),
      );
      if (refused.length > 0) await tellRefusedFiles(ctx, deps, { host, helpdesk, head, to: from, refused });
    }
    // an open request page hears it, as it hears an agent's reply
    await publishRecordEvent(ctx, { kind: 'Request', id: requestId, version: head.version, action: 'updated' });
    return { requestId, threaded };
  });
}

// A mailed request is acknowledged to its sender, wrapped in the helpdesk's template
// (Plan.CustomEmails) or the default one: its Message-ID is the thread's root
// (<request.<id>@host>, which an answer to it threads by), In-Reply-To the sender's mail, and
// Auto-Submitted marks it automatic so the other side's auto-responders stay quiet.
async function acknowledge(
  ctx: TenantContext,
  deps: InboundDeps,
  m: {
    host: string;
    helpdeskId: string;
    requestId: string;
    head: { number: string; subject: string };
    to: string;
    messageId: string | null;
    references: string[];
  },
): Promise<void> {
  const helpdesk = await repo.helpdeskOf(ctx, m.helpdeskId);
  if (!helpdesk) return;
  const reply = [
    `We received your request ${m.head.number} and will answer soon.`,
    '',
    'To add to it, reply to this e-mail and keep the number in the subject.',
  ].join('\n');
  const mail = helpdeskMail(deps.config, helpdesk, await customEmails(ctx), { number: m.head.number, subject: m.head.subject, reply });
  const chain = [...m.references, ...(m.messageId ? [m.messageId] : [])].slice(-10);
  await deps.mailer.enqueue(ctx.db, {
    to: m.to,
    subject: `Re: ${mail.subject}`.slice(0, 400),
    text: mail.text,
    html: mail.html,
    messageId: `<request.${m.requestId}@${m.host}>`,
    headers: {
      From: helpdesk.senderAddress ? `${helpdesk.name} <${helpdesk.senderAddress}>` : deps.config.mailFrom,
      ...(helpdesk.senderAddress ? { 'Reply-To': helpdesk.senderAddress } : {}),
      ...(m.messageId ? { 'In-Reply-To': m.messageId } : {}),
      ...(chain.length > 0 ? { References: chain.join(' ') } : {}),
      'Auto-Submitted': 'auto-replied',
    },
    attachments: [],
  });
}

const REFUSAL_REASONS: Partial<Record<string, string>> = {
  fileSize: 'larger than the size allowed for its type',
  fileType: 'a file type that is not accepted',
  emptyFile: 'empty',
  maxFiles: 'more files than one message may bring',
};

// The sender is told which attachments were not kept, from the helpdesk's address, marked as an
// automatic answer (Auto-Submitted) and with a Message-ID of our form, so it never loops.
async function tellRefusedFiles(
  ctx: TenantContext,
  deps: InboundDeps,
  m: {
    host: string;
    helpdesk: inboundRepo.InboundHelpdesk;
    head: { number: string; subject: string };
    to: string;
    refused: { name: string; code: string }[];
  },
): Promise<void> {
  const lines = m.refused.map((f) => `- ${f.name}: ${REFUSAL_REASONS[f.code] ?? 'not accepted'}`);
  await deps.mailer.enqueue(ctx.db, {
    to: m.to,
    subject: `Re: [${m.head.number}] ${m.head.subject}`.slice(0, 400),
    text: [
      `Your message reached request ${m.head.number}, and its text was received. These attachments were not kept:`,
      '',
      ...lines,
      '',
      'Please send them again within the limits, or as a link.',
    ].join('\n'),
    messageId: `<request.${randomUUID()}@${m.host}>`,
    headers: {
      From: m.helpdesk.senderAddress ? `${m.helpdesk.name} <${m.helpdesk.senderAddress}>` : deps.config.mailFrom,
      'Auto-Submitted': 'auto-replied',
    },
    attachments: [],
  });
  deps.mailer.nudge();
}

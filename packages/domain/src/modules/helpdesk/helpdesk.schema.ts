import { z } from 'zod';
import { ARTICLE_STATUSES, ARTICLE_VISIBILITIES, REQUEST_MESSAGE_KINDS } from './helpdesk.enumerations';

// A message of a request's conversation as the API serves it.
export const requestMessageSchema = z.object({
  id: z.uuid(),
  requestId: z.uuid(),
  kind: z.enum(REQUEST_MESSAGE_KINDS),
  body: z.string(),
  authorId: z.uuid().nullable(),
  authorName: z.string().nullable(),
  fromAddress: z.string().nullable(),
  toAddress: z.string().nullable(),
  // the Internet Message-ID of a mailed message (inbound or outbound)
  messageId: z.string().nullable(),
  inReplyTo: z.string().nullable(),
  createdAt: z.string(),
});
export type RequestMessage = z.infer<typeof requestMessageSchema>;
export const requestMessagesSchema = z.object({ data: z.array(requestMessageSchema) });
export type RequestMessages = z.infer<typeof requestMessagesSchema>;

// An agent's reply (mailed to the requester from the helpdesk's sender address) or an internal
// note (never mailed, never shown on the portal).
export const requestMessageWriteSchema = z.strictObject({
  kind: z.enum(['reply', 'note'], { error: 'invalidOption' }),
  body: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(20000, { error: 'maxLength' }),
});
export type RequestMessageWrite = z.infer<typeof requestMessageWriteSchema>;

// Make a task of a request in a project of the workspace, or link an existing task.
export const requestTaskSchema = z.union([
  z.strictObject({ projectId: z.uuid({ error: 'validation' }) }),
  z.strictObject({ taskId: z.uuid({ error: 'validation' }) }),
]);
export type RequestTask = z.infer<typeof requestTaskSchema>;
export const requestTaskResultSchema = z.object({
  requestId: z.uuid(),
  task: z.object({ id: z.uuid(), title: z.string(), number: z.string() }),
});
export type RequestTaskResult = z.infer<typeof requestTaskResultSchema>;

// Full-text search of a helpdesk's knowledge base: ranked, with highlighted snippets (<mark>).
export const articleSearchSchema = z.strictObject({
  q: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'maxLength' }),
  helpdeskId: z.uuid({ error: 'validation' }).optional(),
  // agents see drafts too when asked; the portal sees only published articles
  status: z.enum(ARTICLE_STATUSES, { error: 'invalidOption' }).optional(),
  limit: z.coerce
    .number({ error: 'validation' })
    .int({ error: 'validation' })
    .min(1, { error: 'tooSmall' })
    .max(50, { error: 'tooBig' })
    .default(20),
});
export type ArticleSearch = z.infer<typeof articleSearchSchema>;
export const articleHitSchema = z.object({
  id: z.uuid(),
  helpdeskId: z.uuid(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  visibility: z.enum(ARTICLE_VISIBILITIES),
  rank: z.number(),
  // the matched words wrapped in <mark>…</mark>; the rest is plain text (HTML tags removed)
  snippet: z.string(),
});
export type ArticleHit = z.infer<typeof articleHitSchema>;
export const articleSearchResultSchema = z.object({ data: z.array(articleHitSchema) });
export type ArticleSearchResult = z.infer<typeof articleSearchResultSchema>;

// The public portal of a helpdesk (no sign-in): /portal/<workspace slug>/<portal slug>. Only a
// helpdesk with its portal on answers, and only its published articles visible to everyone.
export const portalParamsSchema = z.object({
  workspace: z.string().min(1).max(63),
  helpdesk: z.string().min(1).max(63),
});
export const portalArticleLinkSchema = z.object({ title: z.string(), slug: z.string(), topic: z.string().nullable() });
export const portalHomeSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  // the portal's current slug: a visitor who came by an old one goes on to it
  slug: z.string(),
  topics: z.array(z.object({ name: z.string(), articles: z.array(portalArticleLinkSchema) })),
  articles: z.array(portalArticleLinkSchema),
});
export type PortalHome = z.infer<typeof portalHomeSchema>;
export const portalSearchSchema = z.strictObject({
  q: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'maxLength' }),
});
export const portalHitSchema = z.object({ title: z.string(), slug: z.string(), snippet: z.string(), rank: z.number() });
export const portalSearchResultSchema = z.object({ data: z.array(portalHitSchema) });
export type PortalSearchResult = z.infer<typeof portalSearchResultSchema>;
export const portalArticleSchema = z.object({
  title: z.string(),
  slug: z.string(),
  // sanitized HTML: the tags and attributes of the rich text editor only
  html: z.string(),
  topic: z.string().nullable(),
  publishedAt: z.string().nullable(),
  // the old slug asked for when the article has moved: the page goes on to `slug`
  movedFrom: z.string().nullable(),
});
export type PortalArticle = z.infer<typeof portalArticleSchema>;

// The portal's self-hosted captcha: a signed challenge, and the visitor's browser finds a nonce
// whose SHA-256 of `challenge:nonce` starts with `difficulty` zero bits (about 65,000 tries).
export const portalCaptchaSchema = z.object({ challenge: z.string(), difficulty: z.number().int() });
export type PortalCaptcha = z.infer<typeof portalCaptchaSchema>;
// An anonymous visitor's request: the requester's address, a subject and the message.
export const portalRequestSchema = z.strictObject({
  email: z
    .string({ error: 'required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'required' })
    .max(254, { error: 'maxLength' })
    .email({ error: 'invalidEmail' }),
  subject: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(300, { error: 'maxLength' }),
  message: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(20000, { error: 'maxLength' }),
  captcha: z
    .strictObject({ challenge: z.string().min(1).max(300), nonce: z.string().min(1).max(40) })
    .optional()
    .meta({
      description:
        'Rule `captchaInvalid`: the nonce must solve the challenge from …/captcha, within its ten minutes, once. A signed-in portal user sends none.',
    }),
});
export type PortalRequest = z.infer<typeof portalRequestSchema>;
export const portalRequestResultSchema = z.object({ number: z.string() });
export type PortalRequestResult = z.infer<typeof portalRequestResultSchema>;

const portalEmail = z
  .string({ error: 'required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'required' })
  .max(254, { error: 'maxLength' })
  .email({ error: 'invalidEmail' });

// Portal users (decision 094, round three): a sign-in link by e-mail, redeemed for a session
// cookie of this portal. The answer is the same whether or not the address is known.
// `pair` (round five, the widget): the answer also carries a pairing secret; the embedded page
// keeps it and, once the mailed link is opened (in any tab), exchanges it for a session of its
// own (…/sign-in/pair) — a third-party iframe is sent no portal cookie.
export const portalSignInSchema = z.strictObject({ email: portalEmail, pair: z.boolean().optional() });
export type PortalSignIn = z.infer<typeof portalSignInSchema>;
export const portalSignInResultSchema = z.object({ sent: z.literal(true), pairing: z.string().optional() });
export type PortalSignInResult = z.infer<typeof portalSignInResultSchema>;
export const portalPairSchema = z.strictObject({
  pairing: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(100, { error: 'maxLength' })
    .meta({ description: 'Rule `portalAccessDenied`: the pairing secret a sign-in with pair answered, used once.' }),
});
// pending until the mailed link is opened; then, once, the session token for the header
// X-Portal-Session (7 days)
export const portalPairResultSchema = z.object({ status: z.enum(['pending', 'signedIn']), token: z.string().optional() });
export type PortalPairResult = z.infer<typeof portalPairResultSchema>;
export const portalRedeemSchema = z.strictObject({
  token: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(100, { error: 'maxLength' })
    .meta({ description: 'Rule `portalAccessDenied`: the token of a sign-in link, unused and within its 15 minutes.' }),
});
export const portalUserSchema = z.object({ email: z.string(), name: z.string() });
export type PortalUser = z.infer<typeof portalUserSchema>;

// A portal user's own request: its conversation without internal notes, and its custom fields
// that are not marked hide-on-portal.
export const portalMyRequestSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  subject: z.string(),
  stage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PortalMyRequest = z.infer<typeof portalMyRequestSchema>;
export const portalMyRequestsSchema = z.object({ data: z.array(portalMyRequestSchema) });
export type PortalMyRequests = z.infer<typeof portalMyRequestsSchema>;
export const portalMessageSchema = z.object({
  id: z.uuid(),
  // inbound: the requester's; outbound: the helpdesk's answer
  kind: z.enum(['inbound', 'outbound']),
  body: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type PortalMessage = z.infer<typeof portalMessageSchema>;
export const portalRequestDetailSchema = portalMyRequestSchema.extend({
  fields: z.array(z.object({ key: z.string(), label: z.string(), value: z.unknown() })),
  messages: z.array(portalMessageSchema),
});
export type PortalRequestDetail = z.infer<typeof portalRequestDetailSchema>;
export const portalReplySchema = z.strictObject({
  body: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(20000, { error: 'maxLength' }),
});
export type PortalReply = z.infer<typeof portalReplySchema>;

// Time logged on a request's task (round three): the sum and the entries, newest first; a
// request without a task has none.
export const requestTimeSchema = z.object({
  taskId: z.uuid().nullable(),
  totalMinutes: z.number().int(),
  data: z.array(
    z.object({ id: z.uuid(), date: z.string(), minutes: z.number().int(), note: z.string().nullable(), userName: z.string().nullable() }),
  ),
});
export type RequestTime = z.infer<typeof requestTimeSchema>;

// A helpdesk's e-mail template (Plan.CustomEmails, decision 094 round five): its merge fields,
// and the preview of a template (the one given, else the saved one, else the default) around a
// sample reply.
export const HELPDESK_MERGE_FIELDS = ['request.number', 'request.subject', 'helpdesk.name', 'reply', 'portalUrl'] as const;
export const helpdeskEmailPreviewRequestSchema = z.strictObject({
  subjectPrefix: z.string().max(50, { error: 'maxLength' }).nullable().optional(),
  template: z.string().max(20000, { error: 'maxLength' }).nullable().optional(),
});
export type HelpdeskEmailPreviewRequest = z.infer<typeof helpdeskEmailPreviewRequestSchema>;
export const helpdeskEmailPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  // false: the workspace's plan has no Plan.CustomEmails, so mails use the default template
  custom: z.boolean(),
});
export type HelpdeskEmailPreview = z.infer<typeof helpdeskEmailPreviewSchema>;

// The share of inbound replies that threaded into an existing request, for a helpdesk's address
// (issue 23's Performance section): replies are inbound mails with In-Reply-To/References or the
// helpdesk's request number in the subject; by header or by subject, or none (a new request).
export const helpdeskThreadingSchema = z.object({
  address: z.string().nullable(),
  replies: z.number().int(),
  threaded: z.number().int(),
  byHeader: z.number().int(),
  bySubject: z.number().int(),
  notThreaded: z.number().int(),
  // threaded / replies, 0..1; null without replies
  share: z.number().nullable(),
});
export type HelpdeskThreading = z.infer<typeof helpdeskThreadingSchema>;

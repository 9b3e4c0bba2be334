// What the helpdesk adds to the shared enumerations (ERROR_CODES), collected by
// ../module-enumerations.ts. No imports: the shared schemas load this file early.

// an article is written as a Draft and shown on the portal once Published (spec §4)
export const ARTICLE_STATUSES = ['Draft', 'Published'] as const;
// who may read an article: everybody, signed-in portal users, or agents only (issue 23)
export const ARTICLE_VISIBILITIES = ['Public', 'Portal', 'Internal'] as const;
// the language an article is written in; its full-text index stems words in that language
export const ARTICLE_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl'] as const;
export type ArticleLanguage = (typeof ARTICLE_LANGUAGES)[number];
// PostgreSQL's text search configuration for each language (simple: no stemming)
export const TEXT_SEARCH_CONFIGS: Record<ArticleLanguage, string> = {
  en: 'english',
  de: 'german',
  fr: 'french',
  es: 'spanish',
  it: 'italian',
  nl: 'dutch',
};
// how a request reached the helpdesk: written by an agent, submitted on the portal, or mailed
export const REQUEST_CHANNELS = ['Agent', 'Portal', 'Email'] as const;
// a message of a request's conversation: from the requester, an agent's reply (mailed), or an
// internal note (never mailed, never on the portal)
export const REQUEST_MESSAGE_KINDS = ['inbound', 'outbound', 'note'] as const;
export type RequestMessageKind = (typeof REQUEST_MESSAGE_KINDS)[number];
// how an inbound reply threaded: by In-Reply-To/References, by the number in its subject, or not
// at all (it became a new request)
export const REPLY_THREADINGS = ['header', 'subject', 'none'] as const;
export type ReplyThreading = (typeof REPLY_THREADINGS)[number];
// how a request's stage and its task's follow each other (decision 094, round three): the task
// closed or reopened moves the request (the default), both ways (closing the request closes the
// task too), or neither
export const TASK_STAGE_FLOWS = ['TaskToRequest', 'Both', 'None'] as const;
// a helpdesk's code prefixes its request numbers (HELP-12), like a project's its task keys
export const HELPDESK_CODE_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;
// a request's stages unless the workspace changes them
export const REQUEST_STAGE_NAMES = ['New', 'Open', 'Waiting', 'Resolved'] as const;

// an agent reply to a request without anybody to mail (no requester e-mail): noRecipient;
// a request that already has a task: alreadyHasTask
// a portal request whose proof of work is missing, wrong or expired (or already used): captchaInvalid
// the portal's access messages (spec §8; loginRequired is the booking portal's too): a contact
// marked spam or blocked: spammer; a portal user's sign-in that is made up, used or expired, or
// a request that is not theirs: portalAccessDenied
export const HELPDESK_ERROR_CODES = ['noRecipient', 'alreadyHasTask', 'captchaInvalid', 'spammer', 'portalAccessDenied'] as const;
// portal users (decision 094, round three): a mailed sign-in link holds 15 minutes and once, a
// portal session 7 days; an address gets at most 5 links an hour
export const PORTAL_LINK_TTL_MS = 15 * 60_000;
export const PORTAL_SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
export const PORTAL_LINKS_PER_HOUR = 5;
export const PORTAL_SESSION_COOKIE = 'atrium_portal';
// the portal's proof of work: leading zero bits of SHA-256(challenge:nonce), and how long a
// challenge holds
export const CAPTCHA_DIFFICULTY_BITS = 16;
export const CAPTCHA_TTL_MS = 10 * 60_000;
// a request's activity: a reply mailed, a note written, a task made or linked, the request's
// stage moved because its task was closed or reopened
export const HELPDESK_ACTIVITY_ACTIONS = ['replied', 'noted', 'mailReceived', 'portalReply', 'taskLinked', 'stageFollowedTask'] as const;

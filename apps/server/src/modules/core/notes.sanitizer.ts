import { UUID_PATTERN } from '@atrium/domain';
import sanitizeHtml from 'sanitize-html';

// An allow-list, never a block-list: anything not named here is dropped, so no script, no
// event handler, no style and no javascript:/data: URL survives.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'h1',
    'h2',
    'h3',
    'h4',
    'span',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    // mentions written by the editor: <span data-mention-id="tenantUserId">@Name</span>
    span: ['data-mention-id', 'data-type', 'class'],
    p: ['class'],
    code: ['class'],
  },
  allowedClasses: { span: ['mention'], p: ['ql-align-center', 'ql-align-right', 'ql-align-justify'], code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // drop the text inside these too, not only the tags
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
};

// Rich text that may hold images (a helpdesk article): an image is a document of its record,
// named by its id, never by an address — the editor's src is a short-lived signed URL, so the
// reader of the text places a fresh one (or none) — with its alt text. One without a document id
// goes.
const IMAGE_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...(OPTIONS.allowedTags || []), 'img'],
  allowedAttributes: { ...OPTIONS.allowedAttributes, img: ['data-document-id', 'alt'] },
  exclusiveFilter: (frame) => frame.tag === 'img' && !UUID_PATTERN.test(frame.attribs['data-document-id'] ?? ''),
};

export type SanitizedNote = { html: string; text: string; mentions: string[] };

export function sanitizeNote(input: string, options: { images?: boolean } = {}): SanitizedNote {
  const html = sanitizeHtml(input, options.images ? IMAGE_OPTIONS : OPTIONS).trim();
  const mentions = new Set<string>();
  // read mentions from the sanitized output: only what survives counts
  sanitizeHtml(html, {
    allowedTags: ['span'],
    allowedAttributes: { span: ['data-mention-id'] },
    exclusiveFilter: (frame) => {
      const id = frame.attribs['data-mention-id'];
      if (frame.tag === 'span' && id && UUID_PATTERN.test(id)) mentions.add(id.toLowerCase());
      return false;
    },
  });
  const text = sanitizeHtml(html.replace(/<\/(p|li|h\d|blockquote|pre)>|<br\s*\/?>/g, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return { html, text, mentions: [...mentions] };
}

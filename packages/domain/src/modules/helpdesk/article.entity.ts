import { defineEntity } from '../../entity/define-entity';
import { fields } from '../../entity/fields';
import { ARTICLE_LANGUAGES, ARTICLE_STATUSES, ARTICLE_VISIBILITIES } from './helpdesk.enumerations';
import { helpdeskModulePermissions } from './helpdesk.permissions';

// An article of a helpdesk's knowledge base: a slug unique in its helpdesk (made from the title
// when left empty; an old slug keeps redirecting), rich content (HTML, sanitized on write, its
// images the article's documents), a language that its
// full-text index stems by, who may read it, and Draft or Published — set only by publish and
// unpublish (Helpdesk.PublishArticles).
export const articleEntity = defineEntity({
  kind: 'Article',
  module: 'helpdesk',
  basePath: '/api/v1/articles',
  web: { path: '/articles', icon: 'ReadOutlined' },
  title: { fields: ['title'] },
  fields: {
    title: fields.text({ max: 300, required: true, quick: true, example: 'Resetting your password' }),
    helpdeskId: fields.reference('Helpdesk', { onDelete: 'refuse', required: true, quick: true }),
    topicId: fields.reference('Topic', { onDelete: 'clear', quick: true }),
    slug: fields.slug({ max: 200, quick: true, example: 'resetting-your-password' }),
    language: fields.enumeration(ARTICLE_LANGUAGES, { defaultValue: 'en', quick: true }),
    visibility: fields.enumeration(ARTICLE_VISIBILITIES, { defaultValue: 'Public', quick: true }),
    status: fields.enumeration(ARTICLE_STATUSES, { defaultValue: 'Draft', readOnly: true }),
    publishedAt: fields.dateTime({ readOnly: true }),
    // a draft is published by the every-minute job once this time has come (scheduled publishing)
    publishAt: fields.dateTime(),
    content: fields.longText({ max: 200000 }),
  },
  oldSlugs: { field: 'slug', scope: 'helpdeskId' },
  // a helpdesk's roles count for its knowledge base (decision 094 round eight)
  roleScope: { field: 'helpdeskId' },
  searchFields: ['title', 'slug'],
  defaultColumns: ['helpdeskId', 'topicId', 'status', 'visibility', 'language'],
  defaultSort: [{ field: 'title', order: 'asc' }],
  savedViewKey: 'articles',
  permissions: helpdeskModulePermissions({
    view: 'Helpdesk.View',
    create: 'Helpdesk.ManageKnowledgeBase',
    manage: 'Helpdesk.ManageKnowledgeBase',
  }),
  // documents: the images of its content are its documents
  capabilities: { archive: true, tags: true, documents: true },
});

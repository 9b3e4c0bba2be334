import { articleEntity, helpdeskEntity, requestEntity, topicEntity } from '@atrium/domain';
import type { WebEntity } from '../../platform/entity/web-entity';
import { ArticleSearchButton, PublishActions } from './article-actions';
import { ArticleContentEditor } from './article-content-editor';
import { HelpdeskEmailTab, HelpdeskThreadingBanner } from './helpdesk-email';
import { HelpdeskEmbedAction } from './helpdesk-embed';
import { HELPDESK_MEMBER_KEYS, fetchMyHelpdeskPermissions } from './helpdesk-members.api';
import { HelpdeskSettings } from './helpdesk-settings';
import { RequestConversation } from './request-conversation';
import { MakeTaskAction, RequestTaskBanner } from './request-task';

// The helpdesk on the web: the kinds' lists, record pages, forms and settings come from the
// engine; a helpdesk adds its widget's Embed, an article adds publish / unpublish and the knowledge base's search, a request its
// conversation (reply, internal note) and "Make a task". An article's content is rich text with images.
export const HELPDESK_ENTITIES: WebEntity[] = [
  {
    definition: helpdeskEntity,
    // a member's helpdesk role adds to their permissions on it and its requests (round six)
    rolePermissions: { queryKey: HELPDESK_MEMBER_KEYS.mine, fetch: fetchMyHelpdeskPermissions },
    actions: (record) => <HelpdeskEmbedAction record={record} />,
    // the share of replies to its address that threaded (issue 23's Performance section)
    banner: (record) => <HelpdeskThreadingBanner record={record} />,
    // its e-mail template (Plan.CustomEmails) with a preview; its settings
    tabs: [
      {
        key: 'email',
        labelKey: 'helpdesk.email.tab',
        permission: helpdeskEntity.permissions.manage,
        render: (record) => <HelpdeskEmailTab record={record} />,
      },
      // its own request stages (and members), decision 094 round six
      {
        key: 'settings',
        labelKey: 'helpdesk.settings.tab',
        permission: helpdeskEntity.permissions.view,
        render: (record) => <HelpdeskSettings record={record} />,
      },
    ],
  },
  { definition: topicEntity },
  {
    definition: articleEntity,
    actions: (record) => <PublishActions record={record} />,
    listActions: () => <ArticleSearchButton />,
    // the content in the notes' rich text editor, images uploaded as the article's documents
    editors: { content: ArticleContentEditor },
  },
  {
    definition: requestEntity,
    actions: (record) => <MakeTaskAction record={record} />,
    banner: (record) => <RequestTaskBanner record={record} />,
    tabs: [
      {
        key: 'conversation',
        labelKey: 'helpdesk.conversation',
        permission: requestEntity.permissions.view,
        render: (record) => <RequestConversation record={record} />,
      },
    ],
  },
];

import {
  notificationPreferencesSchema,
  notificationPreferencesWriteSchema,
  notificationRuleListSchema,
  notificationRuleSchema,
  notificationRuleWriteSchema,
  pagedResponse,
} from '@atrium/domain';
import { provideRecordChangeListener, stageNames } from '../../platform/entity';
import type { Router } from '../../platform/router';
import * as notificationRulesService from './notification-rules.service';
import { userFieldsOf } from './notification-rules.service';
import { idParams, type SharedRecordDeps } from './shared-records.access';

const EXAMPLE_RULE = { event: 'recordAssigned', entityKind: 'Contact', inApp: true, email: true, recipients: [{ type: 'assignee' }] };

// Notification rules (spec §7: POST list, PUT update by id; Setting: View/ManageNotifications)
// and each member's e-mail choice per event (profile).
export function registerNotificationRuleRoutes(router: Router, deps: SharedRecordDeps): void {
  const tags = ['notifications'];
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/notification-rules/list',
    summary: 'Notification rules, by event',
    tags,
    permission: 'Setting.ViewNotifications',
    readOnly: true,
    example: { page: 1, pageSize: 25 },
    schemas: { body: notificationRuleListSchema, response: pagedResponse(notificationRuleSchema) },
    handler: (ctx, { body }) => notificationRulesService.list(ctx, body),
  });
  router.tenant({
    method: 'POST',
    url: '/api/v1/core/notification-rules',
    summary: 'Create a notification rule: an event → in-app and/or e-mail to owner, assignee, collaborators or a team',
    tags,
    permission: 'Setting.ManageNotifications',
    status: 201,
    example: EXAMPLE_RULE,
    schemas: { body: notificationRuleWriteSchema, response: notificationRuleSchema },
    handler: (ctx, { body }) => notificationRulesService.create(ctx, deps, body),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/notification-rules/:id',
    summary: 'Update a notification rule',
    tags,
    permission: 'Setting.ManageNotifications',
    table: 'notification_rules',
    example: { ...EXAMPLE_RULE, email: false },
    schemas: { params: idParams, body: notificationRuleWriteSchema, response: notificationRuleSchema },
    handler: (ctx, { params, body }) => notificationRulesService.update(ctx, deps, params.id, body),
  });
  router.tenant({
    method: 'DELETE',
    url: '/api/v1/core/notification-rules/:id',
    summary: 'Delete a notification rule',
    tags,
    permission: 'Setting.ManageNotifications',
    table: 'notification_rules',
    status: 204,
    schemas: { params: idParams },
    handler: (ctx, { params }) => notificationRulesService.remove(ctx, params.id),
  });
  router.tenant({
    method: 'GET',
    url: '/api/v1/core/profile/notification-preferences',
    summary: 'My e-mail choice per notification event (on unless turned off)',
    tags,
    permission: null,
    readOnly: true,
    schemas: { response: notificationPreferencesSchema },
    handler: (ctx) => notificationRulesService.preferences(ctx),
  });
  router.tenant({
    method: 'PUT',
    url: '/api/v1/core/profile/notification-preferences',
    summary: 'Turn e-mail off (or on) per notification event, for me',
    tags,
    permission: null,
    example: { preferences: [{ event: 'stageChanged', email: false }] },
    schemas: { body: notificationPreferencesWriteSchema, response: notificationPreferencesSchema },
    handler: (ctx, { body }) => notificationRulesService.setPreferences(ctx, body.preferences),
  });

  // a record's stage changed, or a user field now names someone: the rules of those events
  provideRecordChangeListener('notification-rules', async (ctx, ent, before, after) => {
    const ref = { entityKind: ent.definition.kind, entityId: String(after.id) };
    const stage = after.workflowStage;
    if (before && ent.definition.capabilities.workflowStage && typeof stage === 'string' && stage !== before.workflowStage) {
      const name = (await stageNames(ctx, [stage])).get(stage) ?? '';
      await notificationRulesService.fire(ctx, deps, { ...ref, event: 'stageChanged', body: name });
    }
    const assigned = userFieldsOf(ent.definition)
      .map((key) => after[key])
      .filter((v, i, all): v is string => typeof v === 'string' && all.indexOf(v) === i)
      .filter((v) => !before || !userFieldsOf(ent.definition).some((key) => before[key] === v));
    if (assigned.length > 0) await notificationRulesService.fire(ctx, deps, { ...ref, event: 'recordAssigned', assignees: assigned });
  });
}

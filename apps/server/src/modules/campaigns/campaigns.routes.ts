import {
  campaignEntity,
  campaignRecipientSchema,
  campaignRecipientsRequestSchema,
  campaignSettingsSchema,
  campaignSettingsUpdateSchema,
  campaignStatusesRequestSchema,
  campaignStatisticsSchema,
  campaignStatusSchema,
  contactEntity,
  customQueryFilterSchema,
  entityListQuerySchema,
  jobSchema,
  mergeFieldSchema,
  pagedResponse,
  segmentCountSchema,
  segmentEntity,
  segmentRebuildRequestSchema,
  unsubscribeInfoSchema,
} from '@atrium/domain';
import { z } from 'zod';
import { EXAMPLE_ID, registerEntity, type RegisteredEntity } from '../../platform/entity';
import type { JobType } from '../../platform/jobs/job.types';
import type { Router } from '../../platform/router';
import * as service from './campaigns.service';
import type { CampaignDeps, CampaignKinds, PublicDeps } from './campaigns.service';
import { campaigns, segments } from './campaigns.table';

const idParams = z.strictObject({ id: z.uuid() });
// a transparent 1×1 GIF
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const lookupSchema = z.array(z.object({ value: z.uuid(), label: z.string() }));
const pickedIds = z.array(z.uuid()).max(5000).nullish();

// Segments and campaigns on the engine, and what they have beyond it (spec §7 Campaigns and
// segments; issue 24): a segment's live count and recipients, lookups; a campaign's send,
// schedule, suspend and resume, its recipients with their states, statuses, merge fields and the
// workspace's sending limit; the public unsubscribe (RFC 8058 one-click too) and click tracking.
export function registerCampaignRoutes(router: Router, contact: RegisteredEntity, now: service.Clock): CampaignKinds {
  const segment = registerEntity(router, segmentEntity, {
    table: segments,
    hooks: service.segmentHooks({ contact }, now),
    example: { name: 'Berlin contacts', query: { filters: [{ field: 'address', op: 'contains', value: 'Berlin' }] } },
    patchExample: [{ op: 'replace', path: '/description', value: 'Everyone in Berlin' }],
  });
  const campaign = registerEntity(router, campaignEntity, {
    table: campaigns,
    hooks: service.campaignHooks,
    example: { name: 'Spring newsletter', senderName: 'Globex', senderEmail: 'news@globex.test' },
    patchExample: [{ op: 'replace', path: '/name', value: 'Spring newsletter 2027' }],
  });
  return { segment, campaign, contact };
}

export function registerSegmentRoutes(router: Router, kinds: CampaignKinds, rebuild: JobType<{ segmentId?: string | undefined }>): void {
  const s = segmentEntity.basePath;
  router.tenant({
    method: 'POST',
    url: `${s}/rebuild`,
    summary: "Rebuild one segment's members (segmentId) or every segment's, by a job (repair)",
    tags: ['Segment'],
    permission: segmentEntity.permissions.manage,
    schemas: { body: segmentRebuildRequestSchema, response: jobSchema },
    example: { segmentId: EXAMPLE_ID },
    handler: (ctx, { body }) => service.startRebuild(ctx, kinds, rebuild, body.segmentId),
  });
  router.tenant({
    method: 'GET',
    url: `${s}/search`,
    summary: 'Segments whose name matches a search term, for a picker',
    tags: ['Segment'],
    permission: segmentEntity.permissions.view,
    readOnly: true,
    schemas: { query: z.object({ searchTerm: z.string().trim().max(200).optional() }), response: lookupSchema },
    handler: (ctx, { query }) => service.lookups(ctx, kinds.segment, query.searchTerm),
  });
  router.tenant({
    method: 'POST',
    url: `${s}/campaign-lookups`,
    summary: 'Campaigns whose name matches a search term, for a picker',
    tags: ['Segment'],
    permission: campaignEntity.permissions.view,
    readOnly: true,
    schemas: { body: z.strictObject({ search: z.string().trim().max(200).optional() }), response: lookupSchema },
    example: { search: 'spring' },
    handler: (ctx, { body }) => service.lookups(ctx, kinds.campaign, body.search),
  });
  router.tenant({
    method: 'POST',
    url: `${s}/count`,
    summary: 'How many contacts a segment being edited holds now',
    tags: ['Segment'],
    permission: segmentEntity.permissions.view,
    readOnly: true,
    schemas: {
      body: z.strictObject({ query: customQueryFilterSchema.nullish(), includedIds: pickedIds, excludedIds: pickedIds }),
      response: segmentCountSchema,
    },
    example: { query: { filters: [{ field: 'address', op: 'contains', value: 'Berlin' }] } },
    handler: (ctx, { body }) =>
      service.previewCount(ctx, kinds, { query: body.query ?? null, includedIds: body.includedIds, excludedIds: body.excludedIds }),
  });
  router.tenant({
    method: 'GET',
    url: `${s}/:id/count`,
    summary: 'How many contacts a segment holds now',
    tags: ['Segment'],
    permission: segmentEntity.permissions.view,
    table: kinds.segment.tableName,
    readOnly: true,
    schemas: { params: idParams, response: segmentCountSchema },
    handler: (ctx, { params }) => service.segmentCount(ctx, kinds, params.id),
  });
  router.tenant({
    method: 'POST',
    url: `${s}/:id/recipients`,
    summary: 'The contacts a segment holds now, as the contacts list pages them',
    tags: ['Segment'],
    permission: contactEntity.permissions.view,
    table: kinds.segment.tableName,
    readOnly: true,
    schemas: { params: idParams, body: entityListQuerySchema, response: pagedResponse(contactEntity.schemas.row) },
    example: { page: 1, pageSize: 25 },
    handler: (ctx, { params, body }) => service.segmentRecipients(ctx, kinds, params.id, body),
  });
}

export function registerCampaignActionRoutes(router: Router, kinds: CampaignKinds, deps: CampaignDeps, publicDeps: PublicDeps): void {
  const c = campaignEntity.basePath;
  const action = (name: 'send' | 'schedule' | 'suspend' | 'resume', summary: string, run: typeof service.sendNow) =>
    router.tenant({
      method: 'PUT',
      url: `${c}/:id/${name}`,
      summary,
      tags: ['Campaign'],
      permission: campaignEntity.permissions.manage,
      table: kinds.campaign.tableName,
      schemas: { params: idParams, response: campaignEntity.schemas.row },
      handler: (ctx, { params }) => run(ctx, kinds, deps, params.id),
    });
  action('send', 'Send a campaign now: its recipients are frozen and the sending job starts', service.sendNow);
  action('schedule', 'Schedule a campaign for its scheduledAt', service.schedule);
  action('suspend', 'Suspend a scheduled or sending campaign', service.suspend);
  action('resume', 'Resume a suspended campaign where it stopped', service.resume);

  router.tenant({
    method: 'PUT',
    url: `${c}/:id/test`,
    summary: "Send a campaign's mail, as a chosen contact would get it, to the caller only",
    tags: ['Campaign'],
    permission: campaignEntity.permissions.manage,
    table: kinds.campaign.tableName,
    schemas: {
      params: idParams,
      body: z.strictObject({ contactId: z.uuid() }),
      response: z.object({ to: z.string(), subject: z.string() }),
    },
    example: { contactId: EXAMPLE_ID },
    handler: (ctx, { params, body }) => service.sendTest(ctx, kinds, deps, params.id, body.contactId),
  });
  router.tenant({
    method: 'POST',
    url: `${c}/:id/recipients`,
    summary: "A campaign's recipients, each with its state and times",
    tags: ['Campaign'],
    permission: campaignEntity.permissions.view,
    table: kinds.campaign.tableName,
    readOnly: true,
    schemas: { params: idParams, body: campaignRecipientsRequestSchema, response: pagedResponse(campaignRecipientSchema) },
    example: { page: 1, pageSize: 25, state: 'sent' },
    handler: (ctx, { params, body }) => service.recipients(ctx, kinds, params.id, body),
  });
  router.tenant({
    method: 'GET',
    url: `${c}/:id/recipients.csv`,
    summary: "A campaign's recipients with their state and times as a CSV file with a header row",
    tags: ['Campaign'],
    permission: campaignEntity.permissions.view,
    table: kinds.campaign.tableName,
    readOnly: true,
    schemas: { params: idParams, query: campaignRecipientsRequestSchema.pick({ search: true, state: true }) },
    produces: ['text/csv'],
    handler: async (ctx, { params, query, reply }) => {
      const csv = await service.recipientsCsv(ctx, kinds, params.id, query);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="campaign-recipients-${params.id}.csv"`);
      reply.header('cache-control', 'no-store');
      await reply.send(csv);
    },
  });
  router.tenant({
    method: 'GET',
    url: `${c}/:id/statistics`,
    summary: "A campaign's sends, opens, clicks, bounces and unsubscribes hour by hour (UTC)",
    tags: ['Campaign'],
    permission: campaignEntity.permissions.view,
    table: kinds.campaign.tableName,
    readOnly: true,
    schemas: { params: idParams, response: campaignStatisticsSchema },
    handler: (ctx, { params }) => service.statistics(ctx, kinds, params.id),
  });
  router.tenant({
    method: 'POST',
    url: `${c}/statuses`,
    summary: 'The status and counters of campaigns',
    tags: ['Campaign'],
    permission: campaignEntity.permissions.view,
    readOnly: true,
    schemas: { body: campaignStatusesRequestSchema, response: z.array(campaignStatusSchema) },
    example: { ids: [EXAMPLE_ID] },
    handler: (ctx, { body }) => service.statuses(ctx, body.ids),
  });
  router.tenant({
    method: 'GET',
    url: `${c}/merge-fields`,
    summary: "The merge fields a campaign's template can use (the contact's)",
    tags: ['Campaign'],
    permission: campaignEntity.permissions.view,
    readOnly: true,
    schemas: { response: z.array(mergeFieldSchema) },
    handler: (ctx) => service.mergeFields(ctx, kinds),
  });
  router.tenant({
    method: 'GET',
    url: `${c}/settings`,
    summary: "The workspace's campaign settings: sending limits per hour and day, time zone, open tracking",
    tags: ['Campaign'],
    permission: campaignEntity.permissions.view,
    readOnly: true,
    schemas: { response: campaignSettingsSchema },
    handler: (ctx) => service.settings(ctx),
  });
  router.tenant({
    method: 'PUT',
    url: `${c}/settings`,
    summary: "Set the workspace's campaign settings (fields left out keep their value)",
    tags: ['Campaign'],
    permission: campaignEntity.permissions.settings,
    schemas: { body: campaignSettingsUpdateSchema, response: campaignSettingsSchema },
    example: { hourlyLimit: 500, dailyLimit: 5000, timeZone: 'Europe/Berlin', openTracking: false },
    handler: (ctx, { body }) => service.saveSettings(ctx, body),
  });

  const token = z.strictObject({ token: z.string().min(1).max(300) });
  router.public({
    method: 'GET',
    url: '/api/v1/public/campaigns/unsubscribe/:token',
    summary: 'The unsubscribe page: whom a signed unsubscribe link names',
    tags: ['Campaign'],
    schemas: { params: token, response: unsubscribeInfoSchema },
    paramsExample: { token: 'x.y' },
    handler: (_ctx, { params }) => service.unsubscribeInfo(publicDeps, params.token),
  });
  router.public({
    method: 'POST',
    url: '/api/v1/public/campaigns/unsubscribe/:token',
    summary: 'Unsubscribe through a signed link: the page, or one click (RFC 8058 List-Unsubscribe-Post)',
    tags: ['Campaign'],
    consumes: ['application/json', 'application/x-www-form-urlencoded'],
    schemas: {
      params: token,
      body: z.looseObject({ 'List-Unsubscribe': z.string().max(100).optional() }).optional(),
      response: unsubscribeInfoSchema,
    },
    paramsExample: { token: 'x.y' },
    example: { 'List-Unsubscribe': 'One-Click' },
    handler: (_ctx, { params }) => service.unsubscribe(publicDeps, params.token),
  });
  router.public({
    method: 'GET',
    url: '/api/v1/public/campaigns/open/:token',
    summary:
      "A campaign mail's open-tracking pixel (1×1 GIF): counts the recipient's first open; 404 where the workspace does not track opens",
    tags: ['Campaign'],
    schemas: { params: token },
    paramsExample: { token: 'x.y.gif' },
    produces: ['image/gif'],
    handler: async (_ctx, { params, reply }) => {
      await service.open(publicDeps, params.token);
      await reply.header('content-type', 'image/gif').header('cache-control', 'no-store').send(PIXEL);
    },
  });
  router.public({
    method: 'GET',
    url: '/api/v1/public/campaigns/click',
    summary: 'A tracked link of a campaign mail: counts the click and redirects to its signed target',
    tags: ['Campaign'],
    schemas: {
      query: z.strictObject({ r: z.string().min(1).max(200), u: z.string().min(1).max(2000), s: z.string().min(1).max(100) }),
    },
    handler: async (_ctx, { query, reply }) => {
      const url = await service.click(publicDeps, query);
      await reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  });
}

import type { EntityField, EntityKind, LeadConversion, LeadConversionResult } from '@atrium/domain';
import type { TenantContext } from '../../platform/context';
import { accessDenied, AppError, fieldError, notFound } from '../../platform/errors';
import { publishRecordEvent } from '../../platform/events/live-events.service';
import {
  checkIfMatch,
  createEntity,
  existingIds,
  getEntity,
  mayUse,
  moveActivities,
  recordActivities,
  recordTransferred,
  requireRecord,
  selectFields,
  type EntityRow,
  type RegisteredEntity,
} from '../../platform/entity';
import { lockLead, markConverted } from './leads.repository';

type Kinds = { lead: RegisteredEntity; contact: RegisteredEntity; organization: RegisteredEntity; opportunity: RegisteredEntity };

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

// Custom values the new record can hold: a field with the same key and the same kind of value.
async function carriedCustomFields(ctx: TenantContext, lead: EntityRow, target: EntityKind): Promise<Record<string, unknown>> {
  const values = (lead.customFields ?? {}) as Record<string, unknown>;
  const mine = new Map((await selectFields(ctx, 'Lead', { record: null })).map((f) => [f.key, f]));
  const theirs = await selectFields(ctx, target, { record: null });
  const same = (a: EntityField, b: EntityField | undefined) => !!b && a.kind === b.kind && (a.dataType ?? null) === (b.dataType ?? null);
  return Object.fromEntries(
    theirs.filter((f) => values[f.key] !== undefined && same(f, mine.get(f.key))).map((f) => [f.key, values[f.key]]),
  );
}

// A lead becomes a contact or an organization (spec §7, decision 028), in the request's
// transaction: the new record takes the lead's fields and custom fields with the same key; the
// lead's notes, documents, tags, collaborators, links and activity move to it; a contact can be
// linked to an existing organization or to a new one made from the lead's company; the lead is
// marked converted (status Converted) and keeps where it went; an opportunity for the new customer
// can come with it. A lead converts once.
export async function convertLead(
  ctx: TenantContext,
  kinds: Kinds,
  id: string,
  body: LeadConversion,
  ifMatch: string | string[] | undefined,
): Promise<LeadConversionResult> {
  const locked = await lockLead(ctx, id);
  if (!locked) throw notFound('Lead');
  await requireRecord(ctx, kinds.lead.registry, { kind: 'Lead', id }, 'manage');
  checkIfMatch(ifMatch, Number(locked.version), true);
  if (locked.converted) throw new AppError(409, 'alreadyConverted', 'This lead has already been converted');
  const target = body.to === 'Contact' ? kinds.contact : kinds.organization;
  if (!mayUse(ctx, target, 'create'))
    throw accessDenied(`Converting into a ${body.to.toLowerCase()} needs ${target.definition.permissions.create}`);
  if (body.opportunity && !mayUse(ctx, kinds.opportunity, 'create'))
    throw accessDenied(`Creating an opportunity needs ${kinds.opportunity.definition.permissions.create}`);
  const lead = await getEntity(ctx, kinds.lead, id);
  const leadTitle = String(lead.title ?? '');

  let organization: LeadConversionResult['organization'] = null;
  const org = body.organization;
  if (org.mode === 'existing') {
    if (!(await existingIds(ctx, kinds.organization, [org.id])).has(org.id))
      throw fieldError('organization.id', 'notFound', 'organization.id names no organization of this workspace', 404);
    const existing = await getEntity(ctx, kinds.organization, org.id);
    organization = { id: org.id, title: String(existing.title ?? ''), created: false };
  } else if (org.mode === 'new') {
    const name = str(lead.organization);
    if (!name) throw fieldError('organization.mode', 'required', 'The lead names no organization to create');
    if (!mayUse(ctx, kinds.organization, 'create')) throw accessDenied('Creating an organization needs Contact.CreateOrganizations');
    const created = await createEntity(ctx, kinds.organization, { name, website: str(lead.website) });
    organization = { id: String(created.id), title: String(created.title ?? ''), created: true };
  }

  const values: EntityRow =
    body.to === 'Contact'
      ? {
          firstName: lead.firstName,
          lastName: lead.lastName,
          email: lead.email,
          phone: lead.phone,
          jobTitle: lead.jobTitle,
          website: lead.website,
          address: lead.address,
          organizationId: organization?.id ?? null,
        }
      : {
          name: str(lead.organization) ?? leadTitle,
          email: lead.email,
          phone: lead.phone,
          website: lead.website,
          address: lead.address,
          description: lead.description,
        };
  values.customFields = await carriedCustomFields(ctx, lead, body.to);
  const created = await createEntity(ctx, target, values);
  const to = { kind: body.to, id: String(created.id) };
  const title = String(created.title ?? '');

  // what hangs off the lead, and its history, now belong to the new record
  await recordTransferred(ctx, kinds.lead.registry, { kind: 'Lead', id }, to);
  await moveActivities(ctx, { kind: 'Lead', id }, to);
  await markConverted(ctx, id, to);

  // the deal, for the customer just made: the new organization, or the new contact and its organization
  let opportunity: LeadConversionResult['opportunity'] = null;
  if (body.opportunity) {
    const o = body.opportunity;
    const made = await createEntity(ctx, kinds.opportunity, {
      name: o.name ?? `${str(lead.organization) ?? leadTitle} opportunity`,
      expectedValue: o.expectedValue ?? null,
      estimatedCloseDate: o.estimatedCloseDate ?? null,
      organizationId: body.to === 'Organization' ? to.id : (organization?.id ?? null),
      contactId: body.to === 'Contact' ? to.id : null,
    });
    opportunity = { id: String(made.id), title: String(made.title ?? '') };
  }
  await recordActivities(ctx, [
    { entityKind: 'Lead', entityId: id, type: 'Change', action: 'converted', after: { id: to.id, kind: to.kind, title } },
    { entityKind: to.kind, entityId: to.id, type: 'Change', action: 'convertedFrom', after: { id, kind: 'Lead', title: leadTitle } },
    ...(opportunity
      ? [
          {
            entityKind: 'Opportunity' as const,
            entityId: opportunity.id,
            type: 'Change' as const,
            action: 'convertedFrom' as const,
            after: { id, kind: 'Lead', title: leadTitle },
          },
        ]
      : []),
  ]);
  const after = await getEntity(ctx, kinds.lead, id);
  await publishRecordEvent(ctx, { kind: 'Lead', id, version: Number(after.version), action: 'updated' });
  return { lead: after, created: { ...to, title }, organization, opportunity };
}

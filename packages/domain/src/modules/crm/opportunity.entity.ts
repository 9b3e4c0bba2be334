import { defineEntity, RECORD_CAPABILITIES } from '../../entity/define-entity';
import { fields } from '../../entity/fields';

// Why a deal ended (spec §7: a won/lost outcome with a reason).
export const OPPORTUNITY_OUTCOMES = ['Won', 'Lost'] as const;

// An opportunity: a deal in a pipeline (a workflow of kind Opportunity; a workspace has several,
// one default), with its customer (an organization or a contact), expected value and close
// date, and the contacts involved (decision 083).
export const opportunityEntity = defineEntity({
  kind: 'Opportunity',
  module: 'crm',
  basePath: '/api/v1/opportunities',
  web: { path: '/opportunities', icon: 'TrophyOutlined' },
  title: { fields: ['name'] },
  fields: {
    name: fields.text({ max: 200, required: true, quick: true }),
    organizationId: fields.reference('Organization', { onDelete: 'refuse', quick: true }),
    contactId: fields.reference('Contact', { onDelete: 'clear', quick: true }),
    // the salesperson responsible; the creator unless chosen
    ownerId: fields.user({ quick: true, defaultsToCaller: true }),
    expectedValue: fields.money({ quick: true }),
    estimatedCloseDate: fields.date({ quick: true }),
    probability: fields.integer({ min: 0, max: 100 }),
    outcome: fields.enumeration(OPPORTUNITY_OUTCOMES),
    outcomeReason: fields.longText({ max: 1000 }),
    description: fields.longText({ max: 5000 }),
  },
  searchFields: ['name', 'number', 'organizationId', 'contactId'],
  defaultColumns: ['number', 'organizationId', 'ownerId', 'expectedValue', 'estimatedCloseDate', 'workflowStage'],
  defaultSort: [{ field: 'estimatedCloseDate', order: 'asc' }],
  savedViewKey: 'opportunities',
  permissions: {
    view: 'Opportunity.ViewOpportunities',
    create: 'Opportunity.CreateOpportunity',
    manage: 'Opportunity.ManageOpportunity',
    timeline: 'Opportunity.ViewTimeline',
    // pipelines, types and fields of opportunities: the spec names no settings permission
    settings: 'Opportunity.ManageOpportunity',
    ai: 'AI.ViewContactAI',
    viewRestricted: 'Contact.ViewRestrictedFields',
    manageRestricted: 'Contact.ManageRestrictedFields',
    addNote: 'Opportunity.AddNote',
    manageNotes: 'Opportunity.ManageNotes',
    addDocument: 'Opportunity.AddDocument',
    manageDocuments: 'Opportunity.ManageDocuments',
  },
  capabilities: {
    ...RECORD_CAPABILITIES,
    ai: true,
    workflowStage: true,
  },
  defaultStages: [
    { name: 'Qualification', stageType: 'Open', color: '#8c8c8c' },
    { name: 'Proposal', stageType: 'InProgress', color: '#1677ff' },
    { name: 'Negotiation', stageType: 'InProgress', color: '#722ed1' },
    { name: 'Won', stageType: 'Won', color: '#52c41a' },
    { name: 'Lost', stageType: 'Lost', color: '#ff4d4f' },
  ],
  types: { basePath: '/api/v1/opportunity-types' },
  numbering: { prefix: 'OPP' },
  relations: { contacts: { target: 'Contact' } },
  board: {
    sum: 'expectedValue',
    outcome: { field: 'outcome', reason: 'outcomeReason' },
    card: ['organizationId', 'ownerId', 'estimatedCloseDate'],
    due: 'estimatedCloseDate',
  },
});

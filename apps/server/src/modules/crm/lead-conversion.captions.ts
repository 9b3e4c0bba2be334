import { LEAD_CONVERSION_ACTIONS, LEAD_CONVERSION_ERRORS } from '@atrium/domain';
import type { CaptionSet } from '../../platform/captions';

// Captions of converting a lead: the dialog, the activity entries on the lead and on what it
// became, and the conversion's errors.
const en = {
  'crm.lead.convert': 'Convert',
  'crm.lead.convertTitle': 'Convert {{title}}',
  'crm.lead.convertInto': 'Convert into',
  'crm.lead.orgExisting': 'Link to an existing organization',
  'crm.lead.orgNew': 'Create the organization “{{name}}”',
  'crm.lead.orgNewNone': 'Create an organization (the lead names none)',
  'crm.lead.orgNone': 'No organization',
  'crm.lead.orgPick': 'Organization to link',
  'crm.lead.convertPickOrganization': 'Choose the organization to link the contact to.',
  'crm.lead.convertWillCreate': 'Will be created',
  'crm.lead.convertMoves':
    'The lead’s notes, documents, tags, collaborators, links and history move to the new record. The lead stays, marked as converted, with a link to it.',
  'crm.lead.converted': 'Lead converted into {{title}}',
  'crm.lead.convertedOn': 'Converted into a {{kind}} on {{date}}.',
  'crm.lead.openConverted': 'Open the {{kind}}',
  'activity.action.converted': '{{who}} converted this lead into {{title}}',
  'activity.action.convertedFrom': '{{who}} created this record from the lead {{title}}',
  'errorCodes.alreadyConverted': 'This lead has already been converted',
  'errorCodes.notForOrganization': 'An organization is chosen only when converting into a contact',
};

const de: Record<keyof typeof en, string> = {
  'crm.lead.convert': 'Umwandeln',
  'crm.lead.convertTitle': '{{title}} umwandeln',
  'crm.lead.convertInto': 'Umwandeln in',
  'crm.lead.orgExisting': 'Mit einer bestehenden Organisation verknüpfen',
  'crm.lead.orgNew': 'Organisation „{{name}}“ anlegen',
  'crm.lead.orgNewNone': 'Organisation anlegen (der Lead nennt keine)',
  'crm.lead.orgNone': 'Keine Organisation',
  'crm.lead.orgPick': 'Zu verknüpfende Organisation',
  'crm.lead.convertPickOrganization': 'Wählen Sie die Organisation, mit der der Kontakt verknüpft wird.',
  'crm.lead.convertWillCreate': 'Wird angelegt',
  'crm.lead.convertMoves':
    'Notizen, Dokumente, Schlagwörter, Mitwirkende, Verknüpfungen und Verlauf des Leads gehen auf den neuen Datensatz über. Der Lead bleibt als umgewandelt markiert, mit einem Link dorthin.',
  'crm.lead.converted': 'Lead in {{title}} umgewandelt',
  'crm.lead.convertedOn': 'Am {{date}} in {{kind}} umgewandelt.',
  'crm.lead.openConverted': '{{kind}} öffnen',
  'activity.action.converted': '{{who}} hat diesen Lead in {{title}} umgewandelt',
  'activity.action.convertedFrom': '{{who}} hat diesen Datensatz aus dem Lead {{title}} angelegt',
  'errorCodes.alreadyConverted': 'Dieser Lead wurde bereits umgewandelt',
  'errorCodes.notForOrganization': 'Eine Organisation wird nur bei der Umwandlung in einen Kontakt gewählt',
};

export const LEAD_CONVERSION_CAPTIONS: CaptionSet = {
  en,
  de,
  activityActions: LEAD_CONVERSION_ACTIONS,
  errorCodes: LEAD_CONVERSION_ERRORS,
};

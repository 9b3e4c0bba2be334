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
  'crm.lead.convertedWithOpportunity': 'Lead converted into {{title}}, with the opportunity',
  'crm.lead.convertedOn': 'Converted to {{title}} on {{date}}',
  'crm.lead.convertedReadOnly': 'A converted lead is read-only: its story goes on in the {{kind}}.',
  'crm.lead.openConverted': 'Open the {{kind}}',
  'crm.lead.alsoOpportunity': 'Also create an opportunity',
  'crm.lead.opportunityName': 'Opportunity name',
  'crm.lead.opportunityDefaultName': '{{name}} opportunity',
  'crm.lead.opportunityValue': 'Expected value',
  'crm.lead.opportunityClose': 'Expected close date',
  'activity.action.converted': '{{who}} converted this lead into {{title}}',
  'activity.action.convertedFrom': '{{who}} created this record from the lead {{title}}',
  'errorCodes.alreadyConverted': 'This lead has been converted and is read-only',
  'errorCodes.notForOrganization': 'An organization is chosen only when converting into a contact',
  'errorCodes.setByConversion': 'Converted is set by converting the lead, not by choosing it',
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
  'crm.lead.convertedWithOpportunity': 'Lead in {{title}} umgewandelt, mit der Verkaufschance',
  'crm.lead.convertedOn': 'Am {{date}} in {{title}} umgewandelt',
  'crm.lead.convertedReadOnly': 'Ein umgewandelter Lead ist schreibgeschützt: Es geht weiter beim Datensatz {{kind}}.',
  'crm.lead.openConverted': '{{kind}} öffnen',
  'crm.lead.alsoOpportunity': 'Auch eine Verkaufschance anlegen',
  'crm.lead.opportunityName': 'Name der Verkaufschance',
  'crm.lead.opportunityDefaultName': 'Verkaufschance {{name}}',
  'crm.lead.opportunityValue': 'Erwarteter Wert',
  'crm.lead.opportunityClose': 'Voraussichtliches Abschlussdatum',
  'activity.action.converted': '{{who}} hat diesen Lead in {{title}} umgewandelt',
  'activity.action.convertedFrom': '{{who}} hat diesen Datensatz aus dem Lead {{title}} angelegt',
  'errorCodes.alreadyConverted': 'Dieser Lead wurde umgewandelt und ist schreibgeschützt',
  'errorCodes.notForOrganization': 'Eine Organisation wird nur bei der Umwandlung in einen Kontakt gewählt',
  'errorCodes.setByConversion': '„Umgewandelt“ setzt die Umwandlung des Leads, es wird nicht gewählt',
};

export const LEAD_CONVERSION_CAPTIONS: CaptionSet = {
  en,
  de,
  activityActions: LEAD_CONVERSION_ACTIONS,
  errorCodes: LEAD_CONVERSION_ERRORS,
};

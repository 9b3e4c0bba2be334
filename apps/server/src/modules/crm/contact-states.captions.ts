import { CONTACT_STATE_ACTIONS } from '@atrium/domain';
import type { CaptionSet } from '../../platform/captions';

// Captions of a contact's e-mail states (blocked, spam, unsubscribed): the menu and the activity
// entries of setting and clearing one.
const en = {
  'crm.contact.state.menu': 'E-mail status',
  'crm.contact.state.blocked': 'Blocked',
  'crm.contact.state.spam': 'Spam',
  'crm.contact.state.unsubscribed': 'Unsubscribed',
  'crm.contact.state.block': 'Block',
  'crm.contact.state.unblock': 'Lift the block',
  'crm.contact.state.markSpam': 'Mark e-mails as spam',
  'crm.contact.state.unspam': 'Not spam',
  'crm.contact.state.unsubscribe': 'Unsubscribe from campaigns',
  'crm.contact.state.resubscribe': 'Subscribe to campaigns again',
  'crm.contact.state.changed': 'E-mail status changed',
  'crm.contact.state.failed': 'The e-mail status could not be changed',
  'activity.action.stateSet': '{{who}} set {{field}}',
  'activity.action.stateCleared': '{{who}} cleared {{field}}',
  'activity.action.stateSet.blocked': '{{who}} blocked the contact',
  'activity.action.stateCleared.blocked': '{{who}} lifted the block',
  'activity.action.stateSet.spam': "{{who}} marked the contact's e-mails as spam",
  'activity.action.stateCleared.spam': "{{who}} un-spammed the contact's e-mails",
  'activity.action.stateSet.unsubscribed': '{{who}} unsubscribed the contact from campaigns',
  'activity.action.stateCleared.unsubscribed': '{{who}} subscribed the contact to campaigns again',
};

const de: Record<keyof typeof en, string> = {
  'crm.contact.state.menu': 'E-Mail-Status',
  'crm.contact.state.blocked': 'Gesperrt',
  'crm.contact.state.spam': 'Spam',
  'crm.contact.state.unsubscribed': 'Abgemeldet',
  'crm.contact.state.block': 'Sperren',
  'crm.contact.state.unblock': 'Sperre aufheben',
  'crm.contact.state.markSpam': 'E-Mails als Spam markieren',
  'crm.contact.state.unspam': 'Kein Spam',
  'crm.contact.state.unsubscribe': 'Von Kampagnen abmelden',
  'crm.contact.state.resubscribe': 'Wieder für Kampagnen anmelden',
  'crm.contact.state.changed': 'E-Mail-Status geändert',
  'crm.contact.state.failed': 'Der E-Mail-Status konnte nicht geändert werden',
  'activity.action.stateSet': '{{who}} hat {{field}} gesetzt',
  'activity.action.stateCleared': '{{who}} hat {{field}} aufgehoben',
  'activity.action.stateSet.blocked': '{{who}} hat den Kontakt gesperrt',
  'activity.action.stateCleared.blocked': '{{who}} hat die Sperre aufgehoben',
  'activity.action.stateSet.spam': '{{who}} hat die E-Mails des Kontakts als Spam markiert',
  'activity.action.stateCleared.spam': '{{who}} hat die Spam-Markierung aufgehoben',
  'activity.action.stateSet.unsubscribed': '{{who}} hat den Kontakt von Kampagnen abgemeldet',
  'activity.action.stateCleared.unsubscribed': '{{who}} hat den Kontakt wieder für Kampagnen angemeldet',
};

export const CONTACT_STATE_CAPTIONS: CaptionSet = { en, de, activityActions: CONTACT_STATE_ACTIONS };

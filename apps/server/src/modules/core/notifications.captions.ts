import type { CaptionSet } from '../../platform/captions';

// Captions of the notifications list and of what caused each notification.
const en = {
  'notifications.title': 'Notifications',
  'notifications.open': 'Notifications, {{count}} unread',
  'notifications.markAllRead': 'Mark all as read',
  'notifications.empty': 'No notifications',
  'notifications.someone': 'Someone',
  'notifications.aRecord': 'a record',
  'notifications.cause.mentionedInNote': '{{actor}} mentioned you in a note on {{record}}',
  'notifications.cause.bookingReleased': 'Your booking of {{record}} was released: nobody checked in',
  'notifications.cause.addedAsCollaborator': '{{actor}} added you as a collaborator on {{record}}',
  'notifications.cause.noteAdded': '{{actor}} added a note to {{record}}',
  'notifications.cause.filesAdded': '{{actor}} added files to {{record}}',
  'notifications.cause.tagsChanged': '{{actor}} changed the tags of {{record}}',
  'notifications.cause.recordChanged': '{{actor}} changed {{record}}',
};

const de: Record<keyof typeof en, string> = {
  'notifications.title': 'Benachrichtigungen',
  'notifications.open': 'Benachrichtigungen, {{count}} ungelesen',
  'notifications.markAllRead': 'Alle als gelesen markieren',
  'notifications.empty': 'Keine Benachrichtigungen',
  'notifications.someone': 'Jemand',
  'notifications.aRecord': 'einem Datensatz',
  'notifications.cause.mentionedInNote': '{{actor}} hat Sie in einer Notiz zu {{record}} erwähnt',
  'notifications.cause.bookingReleased': 'Ihre Buchung von {{record}} wurde freigegeben: niemand hat eingecheckt',
  'notifications.cause.addedAsCollaborator': '{{actor}} hat Sie als Mitwirkende(n) zu {{record}} hinzugefügt',
  'notifications.cause.noteAdded': '{{actor}} hat eine Notiz zu {{record}} hinzugefügt',
  'notifications.cause.filesAdded': '{{actor}} hat Dateien zu {{record}} hinzugefügt',
  'notifications.cause.tagsChanged': '{{actor}} hat die Tags von {{record}} geändert',
  'notifications.cause.recordChanged': '{{actor}} hat {{record}} geändert',
};

export const NOTIFICATION_CAPTIONS: CaptionSet = { en, de };

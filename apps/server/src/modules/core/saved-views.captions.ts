import type { CaptionSet } from '../../platform/captions';

// Captions of saved list views, one's own and shared.
const en = {
  'views.label': 'Saved view',
  'views.standard': 'Standard view',
  'views.save': 'Save view',
  'views.name': 'View name',
  'views.isDefault': 'Open this view by default',
  'views.saved': 'View saved',
  'views.saveFailed': 'Could not save the view',
  'views.delete': 'Delete view',
  'views.deleteTitle': 'Delete the view {{name}}?',
  'views.deleteText': 'The list itself is not changed.',
  'views.shared': 'Share with the workspace',
  'views.sharedHint': 'Everyone in the workspace can open it; only you can change it.',
  'views.sharedBy': 'shared by {{name}}',
};

const de: Record<keyof typeof en, string> = {
  'views.label': 'Gespeicherte Ansicht',
  'views.standard': 'Standardansicht',
  'views.save': 'Ansicht speichern',
  'views.name': 'Name der Ansicht',
  'views.isDefault': 'Diese Ansicht standardmäßig öffnen',
  'views.saved': 'Ansicht gespeichert',
  'views.saveFailed': 'Die Ansicht konnte nicht gespeichert werden',
  'views.delete': 'Ansicht löschen',
  'views.deleteTitle': 'Ansicht {{name}} löschen?',
  'views.deleteText': 'Die Liste selbst bleibt unverändert.',
  'views.shared': 'Mit dem Arbeitsbereich teilen',
  'views.sharedHint': 'Alle im Arbeitsbereich können sie öffnen; nur Sie können sie ändern.',
  'views.sharedBy': 'geteilt von {{name}}',
};

export const SAVED_VIEW_CAPTIONS: CaptionSet = { en, de };

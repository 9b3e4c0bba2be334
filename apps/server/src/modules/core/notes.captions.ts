import type { CaptionSet } from '../../platform/captions';

// Captions of a record's notes panel.
const en = {
  'notes.title': 'Notes',
  'notes.editor': 'Note',
  'notes.add': 'Add note',
  'notes.added': 'Note added',
  'notes.deleteTitle': 'Delete this note?',
  'notes.deleteDescription': 'The note is removed for everyone.',
  'notes.deleted': 'Note deleted',
  'notes.mentionSuggestions': 'People to mention',
  'notes.placeholder': 'Write a note… Type @ to mention someone',
};

const de: Record<keyof typeof en, string> = {
  'notes.title': 'Notizen',
  'notes.editor': 'Notiz',
  'notes.add': 'Notiz hinzufügen',
  'notes.added': 'Notiz hinzugefügt',
  'notes.deleteTitle': 'Diese Notiz löschen?',
  'notes.deleteDescription': 'Die Notiz wird für alle entfernt.',
  'notes.deleted': 'Notiz gelöscht',
  'notes.mentionSuggestions': 'Personen zum Erwähnen',
  'notes.placeholder': 'Notiz schreiben … Mit @ erwähnen Sie jemanden',
};

export const NOTE_CAPTIONS: CaptionSet = { en, de };

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
  // the formatting buttons of a rich text editor (notes, articles)
  'notes.formatting': 'Formatting',
  'notes.heading': 'Heading',
  'notes.subheading': 'Subheading',
  'notes.bold': 'Bold',
  'notes.italic': 'Italic',
  'notes.bulletList': 'Bulleted list',
  'notes.orderedList': 'Numbered list',
  'notes.code': 'Code block',
  'notes.link': 'Link',
  'notes.linkAddress': 'Link address',
  'notes.applyLink': 'Apply',
  'notes.image': 'Insert image',
  'notes.imageFailed': 'The image could not be uploaded',
  'notes.uploading': 'Uploading…',
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
  'notes.formatting': 'Formatierung',
  'notes.heading': 'Überschrift',
  'notes.subheading': 'Unterüberschrift',
  'notes.bold': 'Fett',
  'notes.italic': 'Kursiv',
  'notes.bulletList': 'Aufzählung',
  'notes.orderedList': 'Nummerierte Liste',
  'notes.code': 'Codeblock',
  'notes.link': 'Link',
  'notes.linkAddress': 'Linkadresse',
  'notes.applyLink': 'Übernehmen',
  'notes.image': 'Bild einfügen',
  'notes.imageFailed': 'Das Bild konnte nicht hochgeladen werden',
  'notes.uploading': 'Wird hochgeladen …',
};

export const NOTE_CAPTIONS: CaptionSet = { en, de };

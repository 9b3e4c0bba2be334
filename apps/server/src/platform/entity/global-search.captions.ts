import type { CaptionSet } from '../captions';

// Captions of the search across every record.
const en = {
  'search.open': 'Search',
  'search.label': 'Search all records',
  'search.placeholder': 'Search contacts, organizations…',
  'search.results': 'Search results',
  'search.recent': 'Recently opened',
  'search.noRecent': 'Type to search every record you can see. Records you open appear here.',
  'search.typeMore': 'Type at least 2 characters.',
  'search.noResults': 'Nothing matches “{{term}}”.',
  'search.showAll': 'All matching {{kind}}',
  'search.hint': '↑ ↓ to move · Enter to open · Esc to close',
  'search.error': 'The search failed. Please try again.',
};

const de: Record<keyof typeof en, string> = {
  'search.open': 'Suchen',
  'search.label': 'Alle Datensätze durchsuchen',
  'search.placeholder': 'Kontakte, Organisationen durchsuchen…',
  'search.results': 'Suchergebnisse',
  'search.recent': 'Zuletzt geöffnet',
  'search.noRecent': 'Tippen Sie, um alle für Sie sichtbaren Datensätze zu durchsuchen. Geöffnete Datensätze erscheinen hier.',
  'search.typeMore': 'Geben Sie mindestens 2 Zeichen ein.',
  'search.noResults': 'Nichts passt zu „{{term}}“.',
  'search.showAll': 'Alle passenden {{kind}}',
  'search.hint': '↑ ↓ bewegen · Enter öffnen · Esc schließen',
  'search.error': 'Die Suche ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
};

export const GLOBAL_SEARCH_CAPTIONS: CaptionSet = { en, de };

import type { CaptionSet } from '../../platform/captions';

// Captions of a record's linked records panel.
const en = {
  'linked.title': 'Linked records',
  'linked.kind': 'Record type',
  'linked.search': 'Search a record to link',
  'linked.unlink': 'Unlink',
  'linked.failed': 'Could not change the link',
};

const de: Record<keyof typeof en, string> = {
  'linked.title': 'Verknüpfte Datensätze',
  'linked.kind': 'Datensatztyp',
  'linked.search': 'Datensatz zum Verknüpfen suchen',
  'linked.unlink': 'Verknüpfung lösen',
  'linked.failed': 'Die Verknüpfung konnte nicht geändert werden',
};

export const LINKED_ENTITY_CAPTIONS: CaptionSet = { en, de };

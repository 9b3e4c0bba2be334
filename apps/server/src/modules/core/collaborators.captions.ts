import type { CaptionSet } from '../../platform/captions';

// Captions of a record's collaborators panel.
const en = {
  'collaborators.title': 'Collaborators',
  'collaborators.add': 'Add a collaborator',
  'collaborators.follow': 'Follow',
  'collaborators.unfollow': 'Unfollow',
  'collaborators.remove': 'Remove',
};

const de: Record<keyof typeof en, string> = {
  'collaborators.title': 'Mitwirkende',
  'collaborators.add': 'Mitwirkende hinzufügen',
  'collaborators.follow': 'Folgen',
  'collaborators.unfollow': 'Nicht mehr folgen',
  'collaborators.remove': 'Entfernen',
};

export const COLLABORATOR_CAPTIONS: CaptionSet = { en, de };

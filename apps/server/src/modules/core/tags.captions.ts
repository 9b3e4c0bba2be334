import type { CaptionSet } from '../../platform/captions';

// Captions of tags and their colours.
const en = {
  'colors.021F65': 'Navy',
  'colors.1677FF': 'Blue',
  'colors.13C2C2': 'Cyan',
  'colors.52C41A': 'Green',
  'colors.A0D911': 'Lime',
  'colors.FADB14': 'Yellow',
  'colors.FAAD14': 'Gold',
  'colors.FA8C16': 'Orange',
  'colors.FA541C': 'Vermilion',
  'colors.F5222D': 'Red',
  'colors.EB2F96': 'Magenta',
  'colors.722ED1': 'Purple',
  'colors.2F54EB': 'Indigo',
  'colors.8C8C8C': 'Grey',
  'tags.title': 'Tags',
  'tags.add': 'Add a tag',
  'tags.create': 'New tag',
  'tags.createAndAdd': 'Create tag',
  'tags.name': 'Tag name',
  'tags.color': 'Colour',
  'tags.failed': 'Could not save the tags',
  'errorCodes.tagMaxCharacters': 'The tag has too many characters',
};

const de: Record<keyof typeof en, string> = {
  'colors.021F65': 'Marineblau',
  'colors.1677FF': 'Blau',
  'colors.13C2C2': 'Cyan',
  'colors.52C41A': 'Grün',
  'colors.A0D911': 'Limette',
  'colors.FADB14': 'Gelb',
  'colors.FAAD14': 'Gold',
  'colors.FA8C16': 'Orange',
  'colors.FA541C': 'Zinnoberrot',
  'colors.F5222D': 'Rot',
  'colors.EB2F96': 'Magenta',
  'colors.722ED1': 'Lila',
  'colors.2F54EB': 'Indigo',
  'colors.8C8C8C': 'Grau',
  'tags.title': 'Tags',
  'tags.add': 'Tag hinzufügen',
  'tags.create': 'Neuer Tag',
  'tags.createAndAdd': 'Tag erstellen',
  'tags.name': 'Tag-Name',
  'tags.color': 'Farbe',
  'tags.failed': 'Die Tags konnten nicht gespeichert werden',
  'errorCodes.tagMaxCharacters': 'Der Tag hat zu viele Zeichen',
};

export const TAG_CAPTIONS: CaptionSet = { en, de };

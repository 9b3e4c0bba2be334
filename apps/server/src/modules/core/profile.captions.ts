import type { CaptionSet } from '../../platform/captions';

// Captions of the user's profile.
const en = {
  'profile.title': 'Profile',
  'profile.name': 'Name',
  'profile.timeZone': 'Time zone',
  'profile.culture': 'Language and region',
  'profile.picture': 'Profile picture',
  'profile.uploadPicture': 'Upload picture',
  'profile.saved': 'Profile saved',
  'profile.saveFailed': 'Could not save the profile',
  'profile.pictureSaved': 'Picture updated',
  'profile.pictureFailed': 'Could not upload the picture',
};

const de: Record<keyof typeof en, string> = {
  'profile.title': 'Profil',
  'profile.name': 'Name',
  'profile.timeZone': 'Zeitzone',
  'profile.culture': 'Sprache und Region',
  'profile.picture': 'Profilbild',
  'profile.uploadPicture': 'Bild hochladen',
  'profile.saved': 'Profil gespeichert',
  'profile.saveFailed': 'Das Profil konnte nicht gespeichert werden',
  'profile.pictureSaved': 'Bild aktualisiert',
  'profile.pictureFailed': 'Das Bild konnte nicht hochgeladen werden',
};

export const PROFILE_CAPTIONS: CaptionSet = { en, de };

import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setDisplayTimeZone } from '../dates/format-date';
import { useProfile, useUpdateProfile } from '../profile/profile.api';
import { changeLanguage, currentLanguage } from './i18n';
import { cultureOfLanguage, languageOfCulture, type LanguageCode } from './languages';

// The language follows the profile's culture; switching writes the culture back to the profile.
export function useLanguage(): { language: LanguageCode; setLanguage: (code: LanguageCode) => Promise<void> } {
  const { i18n } = useTranslation();
  const profile = useProfile();
  const update = useUpdateProfile();
  const language = languageOfCulture(i18n.language);

  const setLanguage = useCallback(
    async (code: LanguageCode) => {
      await changeLanguage(code);
      const p = profile.data;
      if (p && languageOfCulture(p.culture) !== code) {
        update.mutate({ name: p.name, timeZone: p.timeZone, culture: cultureOfLanguage(code) });
      }
    },
    [profile.data, update],
  );
  return { language, setLanguage };
}

// Mounted once inside the signed-in area. Reacts to the profile's culture only: a switch made
// here changes the language first and the culture a moment later. The profile's time zone is
// the one moments are shown in (formatDate).
export function useLanguageFollowsProfile(): void {
  const { i18n } = useTranslation();
  const profile = useProfile().data;
  const culture = profile?.culture;
  const timeZone = profile?.timeZone;
  useEffect(() => {
    if (!culture) return;
    const wanted = languageOfCulture(culture);
    if (wanted !== currentLanguage()) void changeLanguage(wanted);
  }, [culture]);
  useEffect(() => {
    // every translated component redraws on this event, and with it every formatted time
    if (setDisplayTimeZone(timeZone)) i18n.emit('languageChanged', i18n.language);
  }, [timeZone, i18n]);
}

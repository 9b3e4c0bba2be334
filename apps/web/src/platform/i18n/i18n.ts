import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storeLanguage } from '../workspace/workspace-storage';
import { requestCaptions, startLanguage } from './captions-request';
import { DEFAULT_LANGUAGE, languageOfCulture, type LanguageCode } from './languages';

export const i18n = i18next;

async function fetchCaptions(code: LanguageCode): Promise<Record<string, string>> {
  const res = await requestCaptions(code);
  if (!res.ok) throw new Error(`Captions request failed with ${res.status}`);
  return (await res.json()) as Record<string, string>;
}

// dayjs ships English; other locales load on demand so they stay out of the first bundle.
async function applyDateLocale(code: LanguageCode): Promise<void> {
  if (code === 'de') await import('dayjs/locale/de');
  dayjs.locale(code);
}

async function ensureCaptions(code: LanguageCode): Promise<void> {
  if (i18next.hasResourceBundle(code, 'translation')) return;
  i18next.addResourceBundle(code, 'translation', await fetchCaptions(code), true, true);
}

export async function initI18n(): Promise<void> {
  const code = startLanguage();
  await i18next.use(initReactI18next).init({
    lng: code,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: {},
    // caption keys are flat strings such as "users.invite.title"
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // {{plural, noun}}: a kind's name inside an English sentence starts lowercase ("New contact");
  // German nouns keep their capital
  i18next.services.formatter?.add('noun', (value: unknown, lng: string | undefined) => {
    const text = String(value ?? '');
    return lng?.startsWith('en') ? text.charAt(0).toLowerCase() + text.slice(1) : text;
  });
  try {
    await ensureCaptions(code);
  } catch {
    // The server is unreachable: the error page still renders from its keys.
  }
  await applyDateLocale(code);
  document.documentElement.lang = code;
}

// Switches at once: loads the captions first, so the page never flashes raw keys.
export async function changeLanguage(code: LanguageCode): Promise<void> {
  await ensureCaptions(code);
  await applyDateLocale(code);
  storeLanguage(code);
  document.documentElement.lang = code;
  await i18next.changeLanguage(code);
}

export const currentLanguage = (): LanguageCode => languageOfCulture(i18next.language);

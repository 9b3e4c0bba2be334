// The languages with complete captions. A profile culture picks one by its language part.
export const LANGUAGES = [
  { code: 'en', culture: 'en-US', label: 'English' },
  { code: 'de', culture: 'de-DE', label: 'Deutsch' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export function languageOfCulture(culture: string | null | undefined): LanguageCode {
  const prefix = (culture ?? '').slice(0, 2).toLowerCase();
  return LANGUAGES.find((l) => l.code === prefix)?.code ?? DEFAULT_LANGUAGE;
}

export function cultureOfLanguage(code: LanguageCode): string {
  return LANGUAGES.find((l) => l.code === code)?.culture ?? 'en-US';
}

// A culture named in its own language ("Deutsch (Deutschland)", "Français (France)"), as people
// look for their language in a list (issue 26, item 7); the code itself when Intl does not know it.
export function cultureAutonym(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

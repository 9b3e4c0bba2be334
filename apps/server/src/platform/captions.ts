// Captions of the web app, kept by the part of the product they belong to (the shell, the entity
// engine, each module) and merged by the captions route. English is the reference language: a
// set's German must have every English key (its type says so).
export type CaptionSet = { en: Readonly<Record<string, string>>; de: Readonly<Record<string, string>> };

const sets: CaptionSet[] = [];

export function registerCaptions(set: CaptionSet): void {
  if (!sets.includes(set)) sets.push(set);
}

export const captionSets = (): readonly CaptionSet[] => sets;

// Unknown cultures and missing keys fall back to English, so the SPA never shows a raw key.
export function mergedCaptions(culture: string | undefined): Record<string, string> {
  const language = (culture ?? 'en').slice(0, 2).toLowerCase();
  const out: Record<string, string> = {};
  for (const set of sets) Object.assign(out, set.en, language === 'de' ? set.de : {});
  return out;
}

// The English text of a caption key, for server messages that name a field or a kind.
export const englishCaption = (key: string): string => {
  for (const set of sets) if (key in set.en) return set.en[key] as string;
  return key;
};

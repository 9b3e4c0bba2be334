import { ACTIVITY_ACTIONS, ERROR_CODES } from '@atrium/domain';

// Captions of the web app, kept by the part of the product they belong to (the shell, the entity
// engine, each module) and merged by the captions route. English is the reference language: a
// set's German must have every English key (its type says so).
// A part that adds activity actions or error codes to the shared enumerations (a module's, from
// packages/domain/src/modules/module-enumerations.ts) names them here and captions them in the
// same set: `activity.action.<action>` and `errorCodes.<code>`.
export type CaptionSet = {
  en: Readonly<Record<string, string>>;
  de: Readonly<Record<string, string>>;
  activityActions?: readonly string[];
  errorCodes?: readonly string[];
};

const sets: CaptionSet[] = [];

// What is wrong with a set's declared actions and codes: unknown to the enumerations, or without
// their caption in the set itself.
export function captionSetProblems(set: CaptionSet): string[] {
  const problems: string[] = [];
  const declared = [
    ...(set.activityActions ?? []).map((a) => ({ name: a, known: ACTIVITY_ACTIONS as readonly string[], key: `activity.action.${a}` })),
    ...(set.errorCodes ?? []).map((c) => ({ name: c, known: ERROR_CODES as readonly string[], key: `errorCodes.${c}` })),
  ];
  for (const d of declared) {
    if (!d.known.includes(d.name)) problems.push(`${d.name} is not in the shared enumeration`);
    if (!(d.key in set.en) || !(d.key in set.de)) problems.push(`${d.key} has no caption in the set that declares it`);
  }
  return problems;
}

export function registerCaptions(set: CaptionSet): void {
  const problems = captionSetProblems(set);
  if (problems.length > 0) throw new Error(`Caption set: ${problems.join('; ')}`);
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

// A caption in a culture's language (German or English, missing keys in English) with its
// {{name}} placeholders filled: for server-written text a person reads, such as a mail.
export function captionIn(culture: string | undefined, key: string, values: Record<string, string> = {}): string {
  const german = (culture ?? '').slice(0, 2).toLowerCase() === 'de';
  let text = key;
  for (const set of sets) {
    const found = (german ? set.de[key] : undefined) ?? set.en[key];
    if (found !== undefined) {
      text = found;
      break;
    }
  }
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

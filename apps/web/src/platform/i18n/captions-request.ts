import { API } from '../api/paths';
import { storedLanguage } from '../workspace/workspace-storage';
import { cultureOfLanguage, languageOfCulture, type LanguageCode } from './languages';

// The language a page starts in: the one chosen on this device, else the browser's.
export const startLanguage = (): LanguageCode => languageOfCulture(storedLanguage() ?? navigator.language);

const captionsPath = (code: LanguageCode): string => API.captions(cultureOfLanguage(code));
let early: { path: string; response: Promise<Response> } | undefined;

// Asks for the start language's captions before the rest of the app is evaluated (boot/).
export function startCaptionsRequest(): void {
  const path = captionsPath(startLanguage());
  const response = fetch(path, { headers: { accept: 'application/json' } });
  // an answer nobody takes must not count as an unhandled rejection
  response.catch(() => undefined);
  early = { path, response };
}

// A language's captions: the answer asked for at boot, once, else a new request.
export function requestCaptions(code: LanguageCode): Promise<Response> {
  const path = captionsPath(code);
  const taken = early?.path === path ? early.response : undefined;
  early = undefined;
  return taken ?? fetch(path, { headers: { accept: 'application/json' } });
}

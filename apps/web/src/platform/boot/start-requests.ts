import { startSessionRequest } from '../auth/session-store';
import { startCaptionsRequest } from '../i18n/captions-request';

// The two calls every page waits for — the session and the captions — leave before the rest of
// the app's code is evaluated: main.tsx imports this module first, and a module's imports run in
// order, so they start about 90 ms sooner than from main.tsx's own body (issue 20: a page from
// navigation). Each answer is taken once, by the code that would have asked for it.
startSessionRequest();
startCaptionsRequest();

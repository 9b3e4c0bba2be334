import {
  ACTIVITY_ACTIONS,
  CRM_ACTIVITY_ACTIONS,
  CRM_ERROR_CODES,
  ERROR_CODES,
  MODULE_ACTIVITY_ACTIONS,
  MODULE_ERROR_CODES,
} from '@atrium/domain';
import { describe, expect, it } from 'vitest';
import { captionIn, captionSetProblems, registerCaptions, type CaptionSet } from './captions';

const set = (extra: Partial<CaptionSet>, en: Record<string, string> = {}): CaptionSet => ({ en, de: en, ...extra });

describe('caption sets declare the activity actions and error codes they add', () => {
  it('the shared enumerations are the platform’s followed by the modules’', () => {
    expect(ACTIVITY_ACTIONS.slice(-MODULE_ACTIVITY_ACTIONS.length)).toEqual([...MODULE_ACTIVITY_ACTIONS]);
    expect(ERROR_CODES.slice(-MODULE_ERROR_CODES.length)).toEqual([...MODULE_ERROR_CODES]);
    expect(MODULE_ACTIVITY_ACTIONS).toEqual(expect.arrayContaining([...CRM_ACTIVITY_ACTIONS]));
    expect(MODULE_ERROR_CODES).toEqual(expect.arrayContaining([...CRM_ERROR_CODES]));
  });

  it('accepts a set that captions what it declares', () => {
    const ok = set(
      { activityActions: ['converted'], errorCodes: ['alreadyConverted'] },
      { 'activity.action.converted': '{{who}} converted it', 'errorCodes.alreadyConverted': 'Already converted' },
    );
    expect(captionSetProblems(ok)).toEqual([]);
  });

  it('refuses an action or code without its caption in the same set, or unknown to the enumerations', () => {
    expect(captionSetProblems(set({ activityActions: ['converted'] }))).toEqual([
      'activity.action.converted has no caption in the set that declares it',
    ]);
    const unknown = set({ errorCodes: ['noSuchCode'] }, { 'errorCodes.noSuchCode': 'No such code' });
    expect(captionSetProblems(unknown)).toEqual(['noSuchCode is not in the shared enumeration']);
    expect(() => registerCaptions(unknown)).toThrow(/noSuchCode is not in the shared enumeration/);
  });
});

describe('captionIn: server-written text in a culture’s language', () => {
  it('fills the placeholders in German or English, and falls back to English and then the key', () => {
    registerCaptions({
      en: { 'test.mail.subject': 'Sign in to book {{page}}', 'test.mail.only': 'Only English' },
      de: { 'test.mail.subject': 'Anmelden und {{page}} buchen', 'test.mail.only': 'Only English' },
    });
    expect(captionIn('de-DE', 'test.mail.subject', { page: 'Desks' })).toBe('Anmelden und Desks buchen');
    expect(captionIn('en', 'test.mail.subject', { page: 'Desks' })).toBe('Sign in to book Desks');
    expect(captionIn('fr', 'test.mail.subject', { page: 'Desks' })).toBe('Sign in to book Desks');
    expect(captionIn(undefined, 'test.mail.subject')).toBe('Sign in to book {{page}}');
    expect(captionIn('de', 'test.mail.unknown')).toBe('test.mail.unknown');
  });
});

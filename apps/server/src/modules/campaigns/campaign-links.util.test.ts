import { describe, expect, it } from 'vitest';
import {
  bounceRef,
  clickLink,
  openToken,
  rewriteLinks,
  trackableUrl,
  unsubscribeToken,
  verifyBounceRef,
  verifyClick,
  verifyOpenToken,
  verifyUnsubscribeToken,
} from './campaign-links.util';

const ref = {
  tenantId: '11111111-1111-4111-8111-111111111111',
  campaignId: '22222222-2222-4222-8222-222222222222',
  contactId: '33333333-3333-4333-8333-333333333333',
};
const SECRET = 'test-secret';

describe('signed campaign links', () => {
  it('an unsubscribe token names its recipient and refuses any change', () => {
    const token = unsubscribeToken(SECRET, ref);
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual(ref);
    expect(verifyUnsubscribeToken('other-secret', token)).toBeUndefined();
    const other = token.replace(ref.contactId, '44444444-4444-4444-8444-444444444444');
    expect(verifyUnsubscribeToken(SECRET, other)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, `${token}x`)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, 'garbage')).toBeUndefined();
  });

  it('a click link holds for its own target only', () => {
    const link = clickLink(SECRET, ref, 'https://example.com/offer?a=1');
    expect(verifyClick(SECRET, link)).toEqual({ ref, url: 'https://example.com/offer?a=1' });
    expect(verifyClick(SECRET, { ...link, u: 'https://evil.test/' })).toBeUndefined();
    expect(verifyClick(SECRET, { ...link, s: link.s.slice(1) })).toBeUndefined();
  });

  it('never redirects outside the web', () => {
    expect(trackableUrl('javascript:alert(1)')).toBe(false);
    expect(trackableUrl('//evil.test')).toBe(false);
    expect(trackableUrl('https://example.com')).toBe(true);
    const link = clickLink(SECRET, ref, 'javascript:alert(1)');
    expect(verifyClick(SECRET, link)).toBeUndefined();
  });

  it('rewrites the addresses of a text, leaving trailing punctuation', () => {
    expect(rewriteLinks('See https://example.com/a. Or http://x.test/b, bye', (u) => `[${u}]`)).toBe(
      'See [https://example.com/a]. Or [http://x.test/b], bye',
    );
  });
});

describe('open pixels and bounce references', () => {
  it('an open token is signed for its own purpose', () => {
    const token = openToken(SECRET, ref);
    expect(verifyOpenToken(SECRET, token)).toEqual(ref);
    expect(verifyUnsubscribeToken(SECRET, token)).toBeUndefined();
    expect(verifyOpenToken(SECRET, unsubscribeToken(SECRET, ref))).toBeUndefined();
    expect(verifyOpenToken(SECRET, token.replace(ref.campaignId, '44444444-4444-4444-8444-444444444444'))).toBeUndefined();
  });

  it('a bounce reference survives a change of case and refuses any other change', () => {
    const r = bounceRef(SECRET, ref);
    expect(r).toBe(r.toLowerCase());
    expect(verifyBounceRef(SECRET, r)).toEqual(ref);
    expect(verifyBounceRef(SECRET, r.toUpperCase())).toEqual(ref);
    expect(verifyBounceRef(SECRET, r.replace(ref.contactId, '44444444-4444-4444-8444-444444444444'))).toBeUndefined();
    expect(verifyBounceRef('other-secret', r)).toBeUndefined();
    expect(verifyBounceRef(SECRET, 'nonsense')).toBeUndefined();
  });
});

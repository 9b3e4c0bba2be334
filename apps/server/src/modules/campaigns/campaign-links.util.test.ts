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
    const bounce = { tenantId: ref.tenantId, number: 123_456 };
    const r = bounceRef(SECRET, bounce);
    expect(r).toBe(r.toLowerCase());
    expect(verifyBounceRef(SECRET, r)).toEqual(bounce);
    expect(verifyBounceRef(SECRET, r.toUpperCase())).toEqual(bounce);
    // another number, another workspace, a forged or truncated signature, another secret
    const [text, mac] = r.split('.') as [string, string];
    const flip = (ch: string) => (ch === '0' ? '1' : '0');
    expect(verifyBounceRef(SECRET, `${text.slice(0, -1)}${flip(text.slice(-1))}.${mac}`)).toBeUndefined();
    expect(verifyBounceRef(SECRET, `${flip(text[0]!)}${text.slice(1)}.${mac}`)).toBeUndefined();
    expect(verifyBounceRef(SECRET, `${text}.${mac.slice(0, -1)}${flip(mac.slice(-1))}`)).toBeUndefined();
    expect(verifyBounceRef(SECRET, `${text}.${mac.slice(0, -1)}`)).toBeUndefined();
    expect(verifyBounceRef(SECRET, text.slice(0, -2) + '.' + mac)).toBeUndefined();
    expect(verifyBounceRef('other-secret', r)).toBeUndefined();
    expect(verifyBounceRef(SECRET, 'nonsense')).toBeUndefined();
  });

  it("a VERP address stays within RFC 5321's 64-octet local part, for any recipient number", () => {
    const tenantId = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
    for (const number of [1, 32, 999_999, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      const local = `bounces+${bounceRef(SECRET, { tenantId, number })}`;
      expect(Buffer.byteLength(local), local).toBeLessThanOrEqual(64);
      expect(verifyBounceRef(SECRET, local.slice('bounces+'.length))).toEqual({ tenantId, number });
    }
  });
});

import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { inboundMailRegistry, type InboundMail, type InboundMailHandler } from './inbound-listener';

// Several modules take inbound mail (the helpdesk its addresses, campaigns their bounce
// addresses): a recipient belongs to the first handler that accepts it, and each handler gets
// the message with its own recipients only.
const handler = (name: string, mine: (a: string) => boolean, seen: string[][]): InboundMailHandler => ({
  accepts: async (a) => mine(a),
  deliver: async (mail) => {
    seen.push([name, ...mail.recipients]);
    return mail.recipients.map((r) => ({ [name]: r }));
  },
});
const mail = (recipients: string[]): InboundMail => ({
  parsed: {} as ParsedMail,
  raw: Buffer.from(''),
  recipients,
  envelopeFrom: null,
  receivedAt: 0,
});

describe('inbound mail registry', () => {
  it('has no handler until a module registers one, and one handler is itself', () => {
    const r = inboundMailRegistry();
    expect(r.handler()).toBeUndefined();
    const only = handler('a', () => true, []);
    r.handle(only);
    expect(r.handler()).toBe(only);
  });

  it('routes each recipient to the first handler that accepts it', async () => {
    const seen: string[][] = [];
    const r = inboundMailRegistry();
    r.handle(handler('bounces', (a) => a.startsWith('bounces+'), seen));
    r.handle(handler('helpdesk', (a) => a.endsWith('@help.test'), seen));
    const h = r.handler()!;
    expect(await h.accepts('bounces+x@a.test')).toBe(true);
    expect(await h.accepts('support@help.test')).toBe(true);
    expect(await h.accepts('nobody@else.test')).toBe(false);
    const outcomes = await h.deliver(mail(['support@help.test', 'bounces+x@a.test', 'nobody@else.test']));
    expect(seen).toEqual([
      ['helpdesk', 'support@help.test'],
      ['bounces', 'bounces+x@a.test'],
    ]);
    expect(outcomes).toHaveLength(2);
  });
});

import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// Mail to the server itself (SMTP_INBOUND_PORT, off by default): a plain SMTP listener that
// accepts mail for the addresses a module claims and hands each parsed message to it. The
// platform knows no addresses; the module that owns them (the helpdesk) decides.
export type InboundMail = {
  parsed: ParsedMail;
  // the message as received, for a handler that parses it otherwise (a bounce's delivery status)
  raw: Buffer;
  // the envelope's recipients the handler accepted
  recipients: string[];
  envelopeFrom: string | null;
  // when the end of the data arrived (ms, performance.now()) — the time to a stored request counts from here
  receivedAt: number;
};

// A refusal the sender is told: 550 for a recipient nobody takes or a sender who may not write.
export class InboundRefusal extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

export type InboundMailHandler = {
  // whether mail to this address is taken (an unknown one is refused with 550)
  accepts: (address: string) => Promise<boolean>;
  // a message for accepted recipients, with what became of it (logged); an InboundRefusal
  // answers its code, other errors 451 (try later)
  deliver: (mail: InboundMail) => Promise<Record<string, unknown>[]>;
};

// Whoever wants inbound mail registers here when the modules register (the helpdesk its
// addresses, campaigns their bounce addresses); the app starts the listener only when a port is
// configured and a handler exists. Several handlers are one: a recipient belongs to the first
// that accepts it, and a message goes to each handler with the recipients that are its own.
export type InboundMailRegistry = { handle: (handler: InboundMailHandler) => void; handler: () => InboundMailHandler | undefined };

export function inboundMailRegistry(): InboundMailRegistry {
  const handlers: InboundMailHandler[] = [];
  const owner = async (address: string): Promise<InboundMailHandler | undefined> => {
    for (const h of handlers) if (await h.accepts(address)) return h;
    return undefined;
  };
  const combined: InboundMailHandler = {
    accepts: async (address) => (await owner(address)) !== undefined,
    deliver: async (mail) => {
      const parts = new Map<InboundMailHandler, string[]>();
      for (const r of mail.recipients) {
        const h = await owner(r);
        if (h) parts.set(h, [...(parts.get(h) ?? []), r]);
      }
      const outcomes: Record<string, unknown>[] = [];
      for (const [h, recipients] of parts) outcomes.push(...(await h.deliver({ ...mail, recipients })));
      return outcomes;
    },
  };
  return {
    handle: (h) => {
      handlers.push(h);
    },
    handler: () => (handlers.length === 0 ? undefined : handlers.length === 1 ? handlers[0] : combined),
  };
}

export type InboundListener = { port: number; close: () => Promise<void> };

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export async function startInboundListener(opts: {
  port: number;
  host: string;
  maxSize: number;
  handler: InboundMailHandler;
  log: FastifyBaseLogger;
}): Promise<InboundListener> {
  const server = new SMTPServer({
    secure: false,
    // no authentication and no TLS: the listener receives, as an MX does (a relay in front of it
    // may add TLS); it never relays, every recipient must be one a module takes
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    size: opts.maxSize,
    banner: 'Atrium inbound mail',
    logger: false,
    onRcptTo(address, _session, callback) {
      opts.handler.accepts(address.address).then(
        (ok) => callback(ok ? undefined : smtpError(550, `5.1.1 <${address.address}>: no such recipient here`)),
        (err: unknown) => {
          opts.log.error({ err }, 'inbound mail: recipient lookup failed');
          callback(smtpError(451, '4.3.0 temporary failure, try again later'));
        },
      );
    },
    onData(stream: Readable & { sizeExceeded?: boolean }, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const receivedAt = performance.now();
        if (stream.sizeExceeded) return callback(smtpError(552, `5.3.4 message larger than ${opts.maxSize} bytes`));
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) =>
            opts.handler.deliver({
              parsed,
              raw,
              recipients: session.envelope.rcptTo.map((r) => r.address),
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
              receivedAt,
            }),
          )
          .then(
            (outcomes) => {
              const ms = Math.round((performance.now() - receivedAt) * 10) / 10;
              opts.log.info({ outcomes, ms }, 'inbound mail received');
              callback();
            },
            (err: unknown) => {
              if (err instanceof InboundRefusal) return callback(smtpError(err.responseCode, err.message));
              opts.log.error({ err }, 'inbound mail: delivery failed');
              callback(smtpError(451, '4.3.0 temporary failure, try again later'));
            },
          );
      });
    },
  });
  // a client's dropped connection is an 'error' event; unheard, it would end the process
  server.on('error', (err: Error) => opts.log.warn({ err }, 'inbound mail: connection error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  opts.log.info({ port }, 'inbound mail listener started');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

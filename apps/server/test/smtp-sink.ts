import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { freePort } from '../src/platform/free-port';

// A real SMTP server on loopback for the tests that send mail through SMTP_URL. Every message
// it accepts is kept in `received`. An SMTP server reports a client's dropped connection as an
// 'error' event; with no listener that event ends the test process, so the sink keeps such
// errors in `connectionErrors` instead (a test that cares can assert on them).
export type ReceivedMail = { from: string; to: string[]; data: string };
export type SmtpSink = {
  port: number;
  // the SMTP_URL that points the server at this sink
  url: string;
  received: ReceivedMail[];
  connectionErrors: Error[];
  close: () => Promise<void>;
};

export async function startSmtpSink(opts: { onRcptTo?: (address: SMTPServerAddress) => Error | undefined } = {}): Promise<SmtpSink> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  const connectionErrors: Error[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // no reverse DNS for 127.0.0.1: on a loaded machine the lookup alone can outlast a test
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      callback(opts.onRcptTo?.(address));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.on('error', (err: Error) => connectionErrors.push(err));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    connectionErrors,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

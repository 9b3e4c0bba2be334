import http from 'node:http';
import type { AddressInfo } from 'node:net';

// An OpenAI-compatible /chat/completions on loopback for the browser tests (AI_BASE_URL): it
// streams a drafted e-mail addressed to the record's title, one word every 150 ms, so a test can
// watch it arrive and stop it.
export async function startFakeOpenAi(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return void res.writeHead(404).end();
      const body = JSON.parse(raw) as { messages: { content: string }[] };
      const context = body.messages.map((m) => m.content).join('\n');
      const name = /^(?:Contact|Organization|Lead|Opportunity): (.*)$/m.exec(context)?.[1] ?? 'there';
      const words =
        `Subject: Our next step\n\nDear ${name}, thank you for your time today. ${'We look forward to working with you. '.repeat(6)}Kind regards`.split(
          /(?<= )/,
        );
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let i = 0;
      const timer = setInterval(() => {
        const word = words[i++];
        if (word === undefined) {
          clearInterval(timer);
          res.end('data: [DONE]\n\n');
          return;
        }
        res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: word } }] })}\n\n`);
      }, 150);
      res.on('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

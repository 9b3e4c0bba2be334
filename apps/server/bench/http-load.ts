import net from 'node:net';

// A load generator as light as pgbench's client: N keep-alive HTTP/1.1 connections, each with
// one request in flight, requests written as prebuilt bytes and answers read only as far as
// their status line, headers and Content-Length. Node's http client spends about as much CPU
// per request as the server under test, which on two shared cores measures the client.

export type LoadResult = { perSecond: number; requests: number; errors: number };

type Conn = { socket: net.Socket; buffer: Buffer; resolve?: (status: number) => void };

const CRLFCRLF = Buffer.from('\r\n\r\n');

function readResponse(conn: Conn): void {
  for (;;) {
    const end = conn.buffer.indexOf(CRLFCRLF);
    if (end < 0) return;
    const head = conn.buffer.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    const length = m ? Number(m[1]) : 0;
    if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) throw new Error('chunked answers are not supported by the load generator');
    const total = end + 4 + length;
    if (conn.buffer.length < total) return;
    conn.buffer = conn.buffer.subarray(total);
    const done = conn.resolve;
    conn.resolve = undefined;
    done?.(status);
  }
}

async function open(port: number): Promise<Conn> {
  const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const conn: Conn = { socket, buffer: Buffer.alloc(0) };
  socket.on('data', (chunk: Buffer) => {
    conn.buffer = conn.buffer.length === 0 ? chunk : Buffer.concat([conn.buffer, chunk]);
    readResponse(conn);
  });
  return conn;
}

const send = (conn: Conn, bytes: Buffer) =>
  new Promise<number>((resolve) => {
    conn.resolve = resolve;
    conn.socket.write(bytes);
  });

export function getRequest(path: string, headers: Record<string, string>): Buffer {
  const lines = [`GET ${path} HTTP/1.1`, 'host: 127.0.0.1', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

// `next(i)` gives the bytes of the i-th request; every answer must have status `expect`.
export async function httpLoad(
  port: number,
  connections: number,
  seconds: number,
  next: (i: number) => Buffer,
  expect = 200,
): Promise<LoadResult> {
  const conns = await Promise.all(Array.from({ length: connections }, () => open(port)));
  const end = Date.now() + seconds * 1000;
  let requests = 0;
  let errors = 0;
  let i = 0;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    conns.map(async (conn) => {
      while (Date.now() < end) {
        const status = await send(conn, next(i++));
        requests++;
        if (status !== expect) errors++;
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
  for (const c of conns) c.socket.destroy();
  return { perSecond: requests / elapsed, requests, errors };
}

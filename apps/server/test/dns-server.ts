import dgram from 'node:dgram';

// A real DNS server on the loopback for the domain-proof tests: answers TXT questions from a
// table it is given, NXDOMAIN otherwise (RFC 1035 wire format, one question per query).
export type DnsServer = { address: string; records: Map<string, string[]>; stop: () => Promise<void> };

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (msg[i] !== 0) {
    const len = msg[i] ?? 0;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('ascii'));
    i += len + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: i + 1 };
}

export async function startDnsServer(): Promise<DnsServer> {
  const records = new Map<string, string[]>();
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    const { name, end } = readName(msg, 12);
    const qtype = msg.readUInt16BE(end);
    const question = msg.subarray(12, end + 4);
    const texts = qtype === 16 ? (records.get(name) ?? []) : [];
    const answers = texts.map((text) => {
      const data = Buffer.from(text, 'utf8');
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0); // the name of the question
      rr.writeUInt16BE(16, 2); // TXT
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(60, 6);
      rr.writeUInt16BE(data.length + 1, 10);
      return Buffer.concat([rr, Buffer.from([data.length]), data]);
    });
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2);
    header.writeUInt16BE(records.has(name) ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, question, ...answers]), rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return { address: `127.0.0.1:${port}`, records, stop: () => new Promise((resolve) => socket.close(() => resolve())) };
}

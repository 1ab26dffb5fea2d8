import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/** The records a name has: TXT (each record its text), MX, A. */
export type DnsRecords = {
  txt?: string[];
  mx?: { priority: number; exchange: string }[];
  a?: string[];
};

export type TestDnsServer = {
  /** For DNS_SERVERS: `127.0.0.1:<port>`. */
  address: string;
  /** The zone, by lower-case name: change it between tests. */
  zone: Map<string, DnsRecords>;
  /** true: every query goes unanswered. */
  silent: boolean;
  /** Every name asked, in order. */
  queries: string[];
  stop: () => Promise<void>;
};

const TYPES = { A: 1, MX: 15, TXT: 16, AAAA: 28 } as const;

const encodeName = (name: string): Buffer =>
  Buffer.concat([
    ...name
      .split('.')
      .filter((label) => label !== '')
      .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0]),
  ]);

/** The question's name and where it ends (no compression in questions). */
const readQuestion = (packet: Buffer) => {
  const labels: string[] = [];
  let at = 12;
  while (packet[at]! > 0) {
    const length = packet[at]!;
    labels.push(packet.subarray(at + 1, at + 1 + length).toString());
    at += length + 1;
  }
  const type = packet.readUInt16BE(at + 1);
  return { name: labels.join('.').toLowerCase(), type, end: at + 5 };
};

const txtData = (text: string): Buffer => {
  const parts: Buffer[] = [];
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length || at === 0; at += 255) {
    const chunk = bytes.subarray(at, at + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
    if (bytes.length === 0) break;
  }
  return Buffer.concat(parts);
};

const answersOf = (records: DnsRecords | undefined, type: number): Buffer[] => {
  if (!records) return [];
  if (type === TYPES.TXT) return (records.txt ?? []).map(txtData);
  if (type === TYPES.A)
    return (records.a ?? []).map((ip) => Buffer.from(ip.split('.').map(Number)));
  if (type === TYPES.MX)
    return (records.mx ?? []).map((mx) => {
      const preference = Buffer.alloc(2);
      preference.writeUInt16BE(mx.priority);
      return Buffer.concat([preference, encodeName(mx.exchange)]);
    });
  return [];
};

const answerPacket = (query: Buffer, zone: Map<string, DnsRecords>): Buffer => {
  const { name, type, end } = readQuestion(query);
  const records = zone.get(name);
  const data = answersOf(records, type);
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  // QR, opcode 0, AA, RD copied; RA; rcode 3 (NXDOMAIN) for an unknown name.
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (records ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(data.length, 6);
  const answers = data.map((rdata) => {
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the question's name
    fixed.writeUInt16BE(type, 2);
    fixed.writeUInt16BE(1, 4); // IN
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([fixed, rdata]);
  });
  return Buffer.concat([header, query.subarray(12, end), ...answers]);
};

/** A DNS server on 127.0.0.1 (UDP) answering A, MX and TXT from `zone`, for the domain check. */
export const startDnsServer = async (): Promise<TestDnsServer> => {
  const socket = createSocket('udp4');
  const server: TestDnsServer = {
    address: '',
    zone: new Map(),
    silent: false,
    queries: [],
    stop: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on('message', (query, peer) => {
    try {
      server.queries.push(readQuestion(query).name);
      if (server.silent) return;
      socket.send(answerPacket(query, server.zone), peer.port, peer.address);
    } catch {
      // a malformed query goes unanswered
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  server.address = `127.0.0.1:${(socket.address() as AddressInfo).port}`;
  return server;
};

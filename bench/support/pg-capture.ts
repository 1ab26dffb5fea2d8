// A loopback TCP proxy in front of PostgreSQL that records the statements a client sends with
// the extended query protocol (Parse, then Bind with the parameter values). The server under
// test is pointed at it once, so the bare-SQL figures time exactly the text and parameters
// the server runs, not a copy that could drift from the code.
import { createServer, connect as connectTcp } from 'node:net';
import type { Socket } from 'node:net';

export type Statement = { sql: string; params: (string | null)[] };

/** Reads the frontend messages of one connection and reports each Bind with its statement. */
const frontendParser = (onStatement: (statement: Statement) => void) => {
  let buffer = Buffer.alloc(0);
  let startup = true;
  const parsed = new Map<string, string>();
  const cString = (data: Buffer, offset: number): [string, number] => {
    const end = data.indexOf(0, offset);
    return [data.toString('utf8', offset, end), end + 1];
  };
  const message = (type: number, body: Buffer) => {
    if (type === 0x50 /* P: Parse */) {
      const [name, next] = cString(body, 0);
      parsed.set(name, cString(body, next)[0]);
    } else if (type === 0x42 /* B: Bind */) {
      const [, afterPortal] = cString(body, 0);
      const [statement, afterStatement] = cString(body, afterPortal);
      let offset = afterStatement;
      const formatCount = body.readInt16BE(offset);
      const formats = Array.from({ length: formatCount }, (_, i) =>
        body.readInt16BE(offset + 2 + i * 2),
      );
      offset += 2 + formatCount * 2;
      const paramCount = body.readInt16BE(offset);
      offset += 2;
      const params: (string | null)[] = [];
      for (let i = 0; i < paramCount; i += 1) {
        const length = body.readInt32BE(offset);
        offset += 4;
        if (length < 0) {
          params.push(null);
          continue;
        }
        const binary = (formats.length === 1 ? formats[0] : formats[i]) === 1;
        const value = body.subarray(offset, offset + length);
        params.push(binary ? `\\x${value.toString('hex')}` : value.toString('utf8'));
        offset += length;
      }
      onStatement({ sql: parsed.get(statement) ?? '', params });
    }
  };
  return (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (startup) {
        // StartupMessage (or SSLRequest): a length, then the body, no type byte.
        if (buffer.length < 4) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(length);
        if (code !== 80877103 /* SSLRequest */) startup = false;
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < 1 + length) return;
      message(buffer[0]!, buffer.subarray(5, 1 + length));
      buffer = buffer.subarray(1 + length);
    }
  };
};

export type Capture = {
  port: number;
  statements: Statement[];
  close: () => Promise<void>;
};

/** Listens on a free loopback port and forwards every connection to host:port. */
export const startCapture = async (target: { host: string; port: number }): Promise<Capture> => {
  const statements: Statement[] = [];
  const sockets = new Set<Socket>();
  const proxy = createServer((client) => {
    const upstream = connectTcp(target.port, target.host);
    sockets.add(client).add(upstream);
    const parse = frontendParser((statement) => statements.push(statement));
    client.on('data', (chunk: Buffer) => {
      parse(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  return {
    port,
    statements,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
};

// An SMTP server on loopback that logs in one user, accepts every message and tells the
// benchmark about each one (its recipients); the bodies are read and dropped.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export const listenSmtpSink = async (
  login: { user: string; pass: string },
  onMessage: (recipients: string[], raw?: string) => void,
  /** Keep each message's text (handed to onMessage) rather than drop it. */
  keepBodies = false,
) => {
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth: (auth, _session, done) =>
      auth.username === login.user && auth.password === login.pass
        ? done(null, { user: auth.username })
        : done(Object.assign(new Error('Authentication failed'), { responseCode: 535 })),
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (keepBodies) chunks.push(chunk);
      });
      stream.on('end', () => {
        onMessage(
          session.envelope.rcptTo.map((rcpt) => rcpt.address),
          keepBodies ? Buffer.concat(chunks).toString('utf8') : undefined,
        );
        done();
      });
    },
  });
  server.on('error', () => undefined);
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  return {
    port: (server.server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

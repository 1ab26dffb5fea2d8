import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';

export type OAuthProvider = {
  issuer: string;
  /** The server's env for the custom provider (and its XOAUTH2 SMTP server). */
  env: Record<string, string>;
  /** While true, refreshes answer 400 invalid_grant (the grant was revoked). */
  revoked: boolean;
  /** expires_in of the code exchange's token (seconds): 1 makes the next send refresh. */
  codeTokenLife: number;
  /** The XOAUTH2 logins the SMTP server accepted, by address. */
  logins: string[];
  /** Called for every token the provider hands out (a code exchange or a refresh). */
  onToken?: () => void;
  stop: () => Promise<void>;
};

/**
 * An OpenID Connect provider on loopback (oauth2-mock-server: discovery, PKCE; userinfo
 * answers `email`) and an SMTP server taking XOAUTH2 only, for the browser tests. The env it
 * answers names them and clears Google's and Microsoft's, so no test reaches a real provider.
 */
export const startOAuthProvider = async (email: string): Promise<OAuthProvider> => {
  const oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  const logins: string[] = [];
  const smtp = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['XOAUTH2'],
    onAuth: (auth, _session, done) => {
      if (!auth.accessToken) return done(null, { data: { status: '401', schemes: 'bearer' } });
      logins.push(auth.username ?? '');
      return done(null, { user: auth.username });
    },
    onData: (stream, _session, done) => {
      stream.resume();
      stream.on('end', () => done());
    },
  });
  smtp.on('error', () => undefined);
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const provider: OAuthProvider = {
    issuer: oauth.issuer.url!,
    env: {
      MAIL_OAUTH_ISSUER: oauth.issuer.url!,
      MAIL_OAUTH_CLIENT_ID: 'leadline-e2e',
      MAIL_OAUTH_CLIENT_SECRET: 'leadline-e2e-secret',
      MAIL_OAUTH_NAME: 'Test Mail',
      MAIL_OAUTH_SMTP: `127.0.0.1:${smtpPort}`,
      GOOGLE_OAUTH_CLIENT_ID: '',
      GOOGLE_OAUTH_CLIENT_SECRET: '',
      MICROSOFT_OAUTH_CLIENT_ID: '',
      MICROSOFT_OAUTH_CLIENT_SECRET: '',
    },
    revoked: false,
    codeTokenLife: 3600,
    logins,
    stop: async () => {
      await oauth.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
  oauth.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body.email = email;
  });
  oauth.service.on(
    'beforeResponse',
    (
      response: { body: Record<string, unknown>; statusCode: number },
      req: { body: Record<string, string> },
    ) => {
      provider.onToken?.();
      if (req.body.grant_type !== 'refresh_token') {
        response.body.expires_in = provider.codeTokenLife;
      } else if (provider.revoked) {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant' };
      }
    },
  );
  return provider;
};

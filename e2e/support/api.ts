// The product's JSON API called straight from a spec, for set-up the screens under test do
// not cover (users, mail settings, meetings). A non-2xx answer fails loudly with its body.

type ApiCall = { method?: string; token?: string | null; body?: unknown };

export const callApi = async (
  server: { url: string },
  path: string,
  { method = 'GET', token, body }: ApiCall = {},
): Promise<Record<string, unknown>> => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
};

/** POSTs `body` as JSON, with the token when given. */
export const postApi = (server: { url: string }, path: string, body: unknown, token?: string) =>
  callApi(server, path, { method: 'POST', token, body });

/** A session token for the user. */
export const signinToken = async (server: { url: string }, email: string, password: string) =>
  (await postApi(server, '/api/auth/signin', { email, password })).token as string;

/** Signs up an organisation's Admin (as the Super Admin `root`) and answers the Admin's token. */
export const signUpAdmin = async (
  server: { url: string },
  root: { email: string; password: string },
  admin: { name: string; email: string; password: string; organizationName: string },
): Promise<string> => {
  const rootToken = await signinToken(server, root.email, root.password);
  await postApi(server, '/api/auth/signup', { ...admin, role: 'Admin' }, rootToken);
  return signinToken(server, admin.email, admin.password);
};

/** The user's SMTP settings: a test mail server on loopback, over the plain connection. */
export const configureSmtpApi = (
  server: { url: string },
  token: string,
  box: { host: string; port: number; user: string; password: string },
) =>
  postApi(
    server,
    '/api/email/config',
    { smtp: { host: box.host, port: box.port, secure: false, user: box.user, pass: box.password } },
    token,
  );

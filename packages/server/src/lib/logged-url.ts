/**
 * The URL of a request as the log shows it: the path only. Query strings carry what people
 * typed (searches hold names and addresses) and links carry secrets (an old reset link's token),
 * so none is logged; nor the token of an unsubscribe link, which is its path.
 */
export const loggedUrl = (url: string): string => {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  if (path.startsWith('/unsubscribe/')) return '/unsubscribe/[redacted]';
  return url.length > path.length ? `${path}?[query not logged]` : path;
};

/** Fastify's request serializer, with the URL as above. */
export const requestForLog = (request: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) => ({
  method: request.method,
  url: loggedUrl(request.url),
  hostname: request.hostname,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

// Who may talk to the playground server. It runs real commands on this machine, and any page the person
// visits can send requests to 127.0.0.1, so every request is checked before it reaches a route or Vite:
// - `Host` must be one of the loopback names with the server's port (a foreign name means DNS
//   rebinding, or a request meant for another server): 421.
// - `Origin`, when present, must be this server's own (`http://<host>`): 403.
// - `Sec-Fetch-Site`, when present, must be `same-origin` (or `none`, a typed URL, for the page's files);
//   another site may only navigate to a page of the playground, never fetch, embed or post to it: 403.
// - `/api/*` also needs the server's secret in `x-playground-secret` (the page reads it from its own
//   HTML) and, with a body, `Content-Type: application/json`. A browser sends neither from another
//   origin without a CORS preflight, which this server never grants, so no simple request (a form
//   post, a `no-cors` fetch, `sendBeacon`) can start anything.
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** The request header that carries the secret. */
export const SECRET_HEADER = 'x-playground-secret';

/** The `<meta name>` of the served index.html that holds the secret. */
export const SECRET_META = 'playground-secret';

/** A fresh secret for one server: 32 random bytes, base64url. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** The host names the server answers to, each with `port` (the loopback names and the bound host). */
export function allowedHosts(host, port) {
  return new Set(['127.0.0.1', 'localhost', host].map((name) => `${name.toLowerCase()}:${port}`));
}

const sameSecret = (given, secret) => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Why the server refuses `req`, or `undefined` when it may be answered.
 * @param {import('node:http').IncomingMessage} req
 * @param {{ hosts: Set<string>, secret: string }} allowed
 * @returns {{ status: number, code: string, message: string } | undefined}
 */
export function refusal(req, { hosts, secret }) {
  const host = (req.headers.host ?? '').toLowerCase();
  if (!hosts.has(host)) {
    return {
      status: 421,
      code: 'FOREIGN_HOST',
      message: `This server answers only ${[...hosts].map((h) => `http://${h}/`).join(', ')}, not the host "${req.headers.host ?? ''}".`,
    };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) {
    return {
      status: 403,
      code: 'FOREIGN_ORIGIN',
      message: `Requests from ${origin} are refused: only the playground's own page (http://${host}) may call it.`,
    };
  }
  const api = (req.url ?? '/').startsWith('/api/');
  const site = req.headers['sec-fetch-site'];
  const navigation =
    !api &&
    (req.method === 'GET' || req.method === 'HEAD') &&
    req.headers['sec-fetch-mode'] === 'navigate' &&
    req.headers['sec-fetch-dest'] === 'document';
  if (site !== undefined && site !== 'same-origin' && !(site === 'none' && !api) && !navigation) {
    return {
      status: 403,
      code: 'CROSS_SITE',
      message: `A ${site} request is refused: only the playground's own page may call it.`,
    };
  }
  if (!api) return undefined;
  if (!sameSecret(req.headers[SECRET_HEADER], secret)) {
    return {
      status: 403,
      code: 'NO_SECRET',
      message: `The request has no valid ${SECRET_HEADER} header: the playground's page sends the one in its HTML.`,
    };
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (req.method !== 'GET' && req.method !== 'HEAD' && type !== 'application/json') {
    return {
      status: 415,
      code: 'NOT_JSON',
      message: `The request body must be sent as application/json, not "${req.headers['content-type'] ?? ''}".`,
    };
  }
  return undefined;
}

// Who may talk to pixie serve: without a token only requests addressed to a loopback name, and no
// cross-origin writes; with a token, every request carries it (bearer header, ?token= once, cookie).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopback(host: string): boolean {
  const h = host.toLowerCase();
  return LOOPBACK_HOSTS.has(h) || /^127(\.\d{1,3}){3}$/.test(h) || h.endsWith('.localhost');
}

function sameToken(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * For the one GET that starts a run (kept for existing Pixie scripts): a browser says where a
 * request comes from in Sec-Fetch-Site, so an <img> or link on any other page (`cross-site`, or
 * `same-site` such as another port of localhost) is refused; the dashboard itself, an address
 * typed or bookmarked (`same-origin`, `none`) and scripts such as curl (no header) pass. A Referer
 * from elsewhere is refused too, for browsers too old to send Sec-Fetch-Site.
 */
export const sameOriginGet: MiddlewareHandler = async (c, next) => {
  const site = c.req.header('sec-fetch-site')?.toLowerCase();
  const referer = c.req.header('referer');
  let refererHost: string | null = null;
  try {
    refererHost = referer ? new URL(referer).host : null;
  } catch {
    refererHost = '';
  }
  const foreign =
    (site !== undefined && site !== 'same-origin' && site !== 'none') ||
    (refererHost !== null && refererHost !== new URL(c.req.url).host);
  if (foreign)
    return c.json(
      {
        detail: `GET ${c.req.path} from another site refused (Sec-Fetch-Site: ${site ?? 'absent'}): it would start a run; send POST from a script, or use the dashboard`,
      },
      403,
    );
  await next();
};

export function securityMiddleware(token: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Frame-Options', 'DENY');
    const url = new URL(c.req.url);
    // without a token the service trusts loopback only: a page elsewhere that rebinds its DNS name
    // to 127.0.0.1 arrives with its own Host, and is refused
    if (!token && !isLoopback(url.hostname))
      return c.json(
        { detail: `host '${url.hostname}' is not allowed; pixie serve without --token answers only on localhost` },
        403,
      );
    const origin = c.req.header('origin');
    if (origin && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      let originHost = '';
      try {
        originHost = new URL(origin).host;
      } catch {
        /* unparseable: refused below */
      }
      if (originHost !== url.host) return c.json({ detail: `cross-origin request from ${origin} refused` }, 403);
    }
    if (token) {
      const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      const query = url.searchParams.get('token') ?? undefined;
      const cookie = getCookie(c, 'pixie_token');
      if (!sameToken(bearer, token) && !sameToken(query, token) && !sameToken(cookie, token)) {
        c.header('WWW-Authenticate', 'Bearer realm="pixie"');
        return c.json(
          {
            detail:
              'this pixie serve needs a token: send Authorization: Bearer <token>, or open the page with ?token=<token> once',
          },
          401,
        );
      }
      if (sameToken(query, token) && !sameToken(cookie, token)) {
        setCookie(c, 'pixie_token', token, { httpOnly: true, sameSite: 'Strict', path: '/' });
        if (c.req.method === 'GET' && !url.pathname.startsWith('/api/')) {
          // keep the token out of the address bar and history
          url.searchParams.delete('token');
          return c.redirect(url.pathname + url.search, 303);
        }
      }
    }
    await next();
  };
}

/** Caching headers, each rule in one place (docs/tokens.md, docs/login.md, docs/console.md). */

/** Never stored, also by HTTP/1.0 caches: token answers (RFC 6749 §5.1), login pages and redirects. */
export const NO_STORE: Readonly<Record<string, string>> = Object.freeze({
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
});

/** Never stored: `/userinfo`, the journal stream. */
export const NO_STORE_ONLY: Readonly<Record<string, string>> = Object.freeze({ 'Cache-Control': 'no-store' });

/** Revalidated on every use: the served documents, the console and its files. */
export const NO_CACHE: Readonly<Record<string, string>> = Object.freeze({ 'Cache-Control': 'no-cache' });

/** Published metadata a client may keep for five minutes: discovery. */
export const PUBLIC_METADATA: Readonly<Record<string, string>> = Object.freeze({
  'Cache-Control': 'public, max-age=300',
});

/** The JWKS, kept a minute at most: a key added or retired (docs/tokens.md) is seen within that. */
export const JWKS_CACHE: Readonly<Record<string, string>> = Object.freeze({
  'Cache-Control': 'public, max-age=60',
});

/** The site icon (`/favicon.ico`), kept a day: it never changes while the server runs. */
export const ICON_CACHE: Readonly<Record<string, string>> = Object.freeze({
  'Cache-Control': 'public, max-age=86400',
});

/**
 * Redirect and logout URI rules of a client (docs/login.md). A rule is a URL whose port may be `*` (any port) and
 * whose path may end in `*` (any path under that prefix); without a path it allows any path:
 *
 *   http://localhost:*              any port, any path on http://localhost
 *   https://app.example.com/auth/*  any path under /auth/ on that origin
 *   http://localhost:3000/callback  that URI only
 *
 * Rules are parsed by hand, never turned into a RegExp; a candidate URI is parsed with WHATWG `URL`, and the URI a
 * browser is sent to is the parsed one, so what is checked is what is used. A prefix rule compares the path decoded
 * and with its dot segments removed (RFC 9700 §4.1.3): `/auth/..%2fevil` is `/evil`, outside `/auth/`, and a path
 * with an encoded `/` or `\` never matches a prefix narrower than `/`.
 */

/** Any path on http://localhost and http://127.0.0.1, on any port: the rule of a client that sets none. */
export const DEFAULT_URI_RULES: readonly string[] = Object.freeze([
  'http://localhost:*',
  'http://127.0.0.1:*',
]);

interface ParsedRule {
  readonly protocol: 'http:' | 'https:';
  readonly hostname: string;
  /** `*` for any port, '' for the scheme's default. */
  readonly port: string;
  /** An exact path, or a prefix when `prefix`. */
  readonly path: string;
  readonly prefix: boolean;
}

/** Why `rule` is not a URI rule, or undefined when it is one. */
export function uriRuleProblem(rule: string): string | undefined {
  const parsed = parseRule(rule);
  return typeof parsed === 'string' ? parsed : undefined;
}

function parseRule(rule: string): ParsedRule | string {
  const scheme = rule.startsWith('http://') ? 'http:' : rule.startsWith('https://') ? 'https:' : undefined;
  if (scheme === undefined) return `${JSON.stringify(rule)} must start with http:// or https://`;
  if (rule.includes('?') || rule.includes('#')) {
    return `${JSON.stringify(rule)} may not hold a query or a fragment`;
  }
  const rest = rule.slice(scheme.length + 2);
  const slash = rest.indexOf('/');
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  const rawPath = slash < 0 ? '/*' : rest.slice(slash);
  const colon = authority.lastIndexOf(':');
  const host = colon < 0 || authority.endsWith(']') ? authority : authority.slice(0, colon);
  const port = colon < 0 || authority.endsWith(']') ? '' : authority.slice(colon + 1);
  if (host === '' || host.includes('*') || host.includes('@')) {
    return `${JSON.stringify(rule)} must name one host (no wildcard, no user name)`;
  }
  if (port !== '*' && port !== '' && !/^[0-9]{1,5}$/.test(port)) {
    return `${JSON.stringify(rule)}: the port must be digits or * (got ${JSON.stringify(port)})`;
  }
  const star = rawPath.indexOf('*');
  if (star >= 0 && star !== rawPath.length - 1) {
    return `${JSON.stringify(rule)}: * is allowed only at the end of the path`;
  }
  let base: URL;
  try {
    base = new URL(`${scheme}//${host}${star >= 0 ? rawPath.slice(0, -1) : rawPath}`);
  } catch {
    return `${JSON.stringify(rule)} is not a URL`;
  }
  const defaultPort = scheme === 'http:' ? '80' : '443';
  return {
    protocol: scheme,
    hostname: base.hostname,
    port: port === defaultPort ? '' : port,
    path: base.pathname,
    prefix: star >= 0,
  };
}

/**
 * The URI a browser may be sent to, parsed, when `uri` is allowed by one of `rules`; undefined otherwise. Relative
 * URIs, other schemes, user names and fragments (RFC 6749 §3.1.2) are never allowed.
 *
 * @example allowedUri('http://localhost:5173/callback', DEFAULT_URI_RULES)?.href
 */
export function allowedUri(uri: string, rules: readonly string[]): URL | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '' || url.hash !== '' || uri.includes('#')) return undefined;
  for (const text of rules) {
    const rule = parseRule(text);
    if (typeof rule === 'string') continue;
    if (url.protocol !== rule.protocol || url.hostname !== rule.hostname) continue;
    if (rule.port !== '*' && url.port !== rule.port) continue;
    if (rule.prefix ? underPrefix(url.pathname, rule.path, uri) : url.pathname === rule.path) return url;
  }
  return undefined;
}

/** The web origins of `rules` as CSP sources (`http://localhost:*`, `https://app.example`), each once. */
export function ruleOrigins(rules: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const text of rules) {
    const rule = parseRule(text);
    if (typeof rule === 'string') continue;
    origins.add(`${rule.protocol}//${rule.hostname}${rule.port === '' ? '' : `:${rule.port}`}`);
  }
  return [...origins];
}

/** Whether the path `pathname` (as WHATWG `URL` serialises it) lies under the path prefix `prefix`. */
function underPrefix(pathname: string, prefix: string, raw: string): boolean {
  if (prefix === '/') return true;
  // RFC 9700 §4.1.3: exact matching is the rule; a prefix must not widen it. A path with `;` (path parameters some
  // servers strip), a backslash, a control character, `%25` (a double encoding), an encoded `.`, `/` or `\`, or a
  // dot segment once decoded never matches. What the client wrote counts, not only what the URL parser made of it
  // (it turns `\` into `/` and `%2e` into `.`).
  const rawPath = raw.split(/[?#]/)[0] ?? raw;
  if (refusedInPrefix(rawPath) || /\/\.\.?(\/|$)/.test(rawPath) || refusedInPrefix(pathname)) return false;
  let decoded: string;
  let decodedPrefix: string;
  try {
    decoded = decodeURIComponent(pathname);
    decodedPrefix = decodeURIComponent(prefix);
  } catch {
    return false;
  }
  if (refusedInPrefix(decoded)) return false;
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return false;
  return decoded.startsWith(withoutDotSegments(decodedPrefix));
}

/** Whether `path` has a `;`, a backslash, a control character, or `%25`, `%2e`, `%2f`, `%5c` or an encoded control. */
function refusedInPrefix(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x3b || c === 0x5c) return true;
  }
  return /%(25|2e|2f|5c|[01][0-9a-f]|7f)/i.test(path);
}

/** RFC 3986 §5.2.4: `path` with its `.` and `..` segments resolved. */
function withoutDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/');
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '..') {
      if (out.length > 1) out.pop();
      if (last) out.push('');
    } else if (segment === '.') {
      if (last) out.push('');
    } else out.push(segment);
  });
  return out.join('/');
}

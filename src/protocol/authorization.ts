/**
 * The `Authorization` header, read once for every use (RFC 7235 §2.1: the scheme is case-insensitive): a Bearer
 * token (RFC 6750 §2.1) or HTTP Basic client credentials (RFC 7617, form-encoded as RFC 6749 §2.3.1 says).
 */

export type BearerCredentials =
  | { readonly kind: 'token'; readonly token: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'empty' }
  | { readonly kind: 'other-scheme'; readonly scheme: string };

const BEARER = /^bearer(?:[ \t]+(.*))?$/is;
const BASIC = /^basic[ \t]+(\S+)[ \t]*$/i;

/** What a Bearer `Authorization` header holds. */
export function bearerCredentials(header: string | undefined): BearerCredentials {
  const value = header?.trim() ?? '';
  if (value === '') return { kind: 'missing' };
  const match = BEARER.exec(value);
  if (match === null) return { kind: 'other-scheme', scheme: value.split(/\s/)[0] ?? '' };
  const token = (match[1] ?? '').trim();
  return token === '' ? { kind: 'empty' } : { kind: 'token', token };
}

/** The Bearer token of `header`, or undefined (for rate-limit keys and the admin token, which say nothing more). */
export function bearerToken(header: string | undefined): string | undefined {
  const credentials = bearerCredentials(header);
  return credentials.kind === 'token' ? credentials.token : undefined;
}

export type BasicCredentials =
  | { readonly kind: 'client'; readonly id: string; readonly secret: string }
  | { readonly kind: 'malformed'; readonly problem: string };

/** HTTP Basic client credentials of `header`; undefined when it is not Basic. */
export function basicCredentials(header: string | undefined): BasicCredentials | undefined {
  const match = header === undefined ? null : BASIC.exec(header.trim());
  if (match?.[1] === undefined) return undefined;
  let decoded: string;
  try {
    const binary = atob(match[1]);
    decoded = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return { kind: 'malformed', problem: 'HTTP Basic credentials must be base64 of client_id:client_secret' };
  }
  const colon = decoded.indexOf(':');
  if (colon < 0)
    return { kind: 'malformed', problem: 'HTTP Basic credentials must be client_id:client_secret' };
  try {
    return {
      kind: 'client',
      id: formDecoded(decoded.slice(0, colon)),
      secret: formDecoded(decoded.slice(colon + 1)),
    };
  } catch {
    return { kind: 'malformed', problem: 'HTTP Basic credentials are not form-encoded (RFC 6749 §2.3.1)' };
  }
}

/** A form-encoded value (`+` for a space, percent-encoding) decoded; throws on malformed percent-encoding. */
function formDecoded(part: string): string {
  return decodeURIComponent(part.replace(/\+/g, ' '));
}

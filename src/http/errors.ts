/**
 * The error family (STYLE habit 6). Domain and HTTP code throw these; `error-middleware.ts` turns them into the
 * documented bodies. No Express import here: core modules may throw them too.
 */
import type { ErrorDetail } from '../spec/types.ts';

/** An identity-API error: `{"error": message, "code": code, "details"?}` with status `status` (docs/responses.md). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: readonly ErrorDetail[] | undefined;
  /** Extra response headers, e.g. `WWW-Authenticate`, `Allow`, `Retry-After`. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { details?: readonly ErrorDetail[]; headers?: Readonly<Record<string, string>> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

/** An error of the authorization server, in the RFC 6749 §5.2 shape `{"error", "error_description"}` (docs/tokens.md). */
export class OAuthError extends Error {
  readonly status: number;
  readonly error: string;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    error: string,
    description: string,
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(description);
    this.name = 'OAuthError';
    this.status = status;
    this.error = error;
    this.headers = headers;
  }
}

/** Quotes a client-supplied value for an error message: JSON-quoted, cut to 80 characters. */
export function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}

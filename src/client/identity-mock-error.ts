/**
 * `IdentityMockError`: what a session call (`sessionClient`, `mock.session`) throws when the mock refuses it, so a
 * test never receives an error body typed as a result. It carries the server's `status` and `code` (docs/responses.md);
 * a mock that cannot be reached at all is status 0, code `unreachable`.
 */

/** One entry of an error's `details` (validation errors name the field, docs/responses.md). */
export interface ErrorDetail {
  readonly location: string;
  readonly name: string;
  readonly message: string;
}

/**
 * @example
 * try {
 *   await session.token('nobody@example.com');
 * } catch (error) {
 *   if (error instanceof IdentityMockError && error.code === 'user_not_found') // …
 * }
 */
export class IdentityMockError extends Error {
  override readonly name = 'IdentityMockError';
  /** The HTTP status of the refusal (0: the mock could not be reached). */
  readonly status: number;
  /** The server's snake_case `code` (`user_not_found`, `invalid_request`, …), or `unreachable`. */
  readonly code: string;
  readonly details: readonly ErrorDetail[];

  constructor(
    status: number,
    code: string,
    message: string,
    options: { readonly details?: readonly ErrorDetail[]; readonly cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.code = code;
    this.details = options.details ?? [];
  }
}

/**
 * The error for a refused answer: the body's `{error, code, details}` when it has that shape (every `/__admin`
 * refusal does), else the status and the start of the body's text.
 */
export async function refusal(what: string, res: Response): Promise<IdentityMockError> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (isErrorBody(body)) {
    return new IdentityMockError(
      res.status,
      body.code,
      `${what}: ${res.status} ${body.code}: ${body.error}`,
      {
        details: Array.isArray(body.details) ? (body.details as ErrorDetail[]) : [],
      },
    );
  }
  const code = res.status === 404 ? 'not_found' : `http_${res.status}`;
  return new IdentityMockError(res.status, code, `${what}: ${res.status} ${text.slice(0, 200)}`);
}

function isErrorBody(body: unknown): body is { error: string; code: string; details?: unknown } {
  return (
    typeof body === 'object' &&
    body !== null &&
    'code' in body &&
    typeof body.code === 'string' &&
    'error' in body &&
    typeof body.error === 'string'
  );
}

/**
 * A list query that the spec's schemas allow but the rules of GET /users refuse (a date range whose start is
 * after its end; a search with no visible character). The core throws it; the HTTP edge answers it as a 400 in
 * the documented error shape (`http/error-middleware.ts`).
 */
import type { ErrorDetail } from '../spec/types.ts';

export class QueryError extends Error {
  readonly code: 'invalid_request' | 'invalid_range';
  readonly details: readonly ErrorDetail[];

  constructor(code: QueryError['code'], message: string, details: readonly ErrorDetail[]) {
    super(message);
    this.name = 'QueryError';
    this.code = code;
    this.details = details;
  }
}

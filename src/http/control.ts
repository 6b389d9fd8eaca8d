/**
 * The control plane in the request path (docs/control-plane.md): the journal recorder, the rate-limit and fault gates,
 * and `Prefer`. Each is a no-op costing a check when unused (no rules, limiting off, no header).
 */
import type { Request, Response } from 'express';
import type { ControlPlane } from '../admin/control-plane.ts';
import type { ApiModel, OperationSpec } from '../spec/model.ts';
import { parseBody, type Gate } from './dispatch.ts';
import { ApiError, OAuthError, quote } from './errors.ts';
import { forcedAnswer, type ForcedAnswer } from './examples.ts';
import { headerSafe } from './headers.ts';
import { parsePrefer } from './prefer.ts';

/**
 * Records the request in its session's journal once it is answered (or dropped); `/__admin` calls are not
 * recorded.
 */
export function recordInJournal(
  control: ControlPlane,
  session: string | undefined,
  now: () => number,
  req: Request,
  res: Response,
): void {
  const url = req.originalUrl;
  if (url.startsWith('/__admin')) return;
  const startedAt = now();
  const started = performance.now();
  res.once('close', () => {
    control.journal.record({
      startedAt,
      method: req.method,
      url,
      status: res.writableFinished ? res.statusCode : 0,
      durationMs: performance.now() - started,
      requestHeaders: req.headers,
      ...(req.body === undefined ? {} : { requestBody: req.body as unknown }),
      responseHeaders: res.getHeaders(),
      session,
    });
  });
}

/** Counts the request against its key's bucket; sets `X-RateLimit-*`, answers 429 when the bucket is empty. */
export function rateLimitGate(current: () => ControlPlane): Gate {
  return async (req, res, operation) => {
    const control = current();
    if (control.limiter.config === undefined) return false;
    const decision = control.limiter.take(await rateKey(req, res, operation));
    if (decision === undefined) return false;
    res.setHeader('X-RateLimit-Limit', String(decision.limit));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    res.setHeader('X-RateLimit-Reset', String(decision.reset));
    if (decision.allowed) return false;
    const { limit, window } = control.limiter.config;
    const message = `rate limit of ${limit} requests per ${window} exceeded; retry in ${decision.retryAfter} s`;
    const headers = { 'Retry-After': String(decision.retryAfter) };
    if (res.locals.errorShape === 'oauth') throw new OAuthError(429, 'too_many_requests', message, headers);
    throw new ApiError(429, 'rate_limited', message, { headers });
  };
}

/** The bucket of a request: its bearer token, else (token endpoint) its client_id, else its client address. */
async function rateKey(req: Request, res: Response, operation: OperationSpec | undefined): Promise<string> {
  if (res.locals.errorShape === 'oauth' && operation !== undefined) {
    const basic = /^basic\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1];
    if (basic !== undefined)
      return `client:${formDecoded(Buffer.from(basic, 'base64').toString('utf8').split(':')[0] ?? '')}`;
    await parseBody(req, res, operation);
    const body: unknown = req.body;
    if (
      typeof body === 'object' &&
      body !== null &&
      'client_id' in body &&
      typeof body.client_id === 'string'
    ) {
      return `client:${body.client_id}`;
    }
  }
  const token = /^bearer\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1];
  return token === undefined ? `address:${req.ip ?? ''}` : `token:${token}`;
}

/** A client_id as HTTP Basic carries it, form-encoded (RFC 6749 §2.3.1), back to the body's form. */
function formDecoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** Applies the first matching fault rule: a delay, then its status (0 drops the connection) or the normal answer. */
export function faultGate(current: () => ControlPlane, model: ApiModel): Gate {
  return async (req, res, operation) => {
    const control = current();
    if (control.faults.size === 0) return false;
    const rule = control.faults.match(req.method, req.path, (name) => req.get(name));
    if (rule === undefined) return false;
    if (rule.delay_ms !== undefined) await sleep(rule.delay_ms);
    if (rule.status === undefined) return false;
    if (rule.status === 0) {
      req.socket.destroy();
      return true;
    }
    const documented = operation === undefined ? undefined : forcedAnswer(model, operation, rule.status);
    send(res, documented ?? undocumented(rule.status, res.locals.errorShape === 'oauth'));
    return true;
  };
}

/** `Prefer: code=…, delay=…` for `operation`; a code the spec does not document for it is 400. */
export function preferences(
  model: ApiModel,
): (req: Request, res: Response, operation: OperationSpec) => Promise<boolean> {
  return async (req, res, operation) => {
    const prefer = parsePrefer(req.headers.prefer);
    if (prefer === undefined) return false;
    let answer: ForcedAnswer | undefined;
    if (prefer.code !== undefined) {
      answer = forcedAnswer(model, operation, prefer.code);
      if (answer === undefined) {
        const message = `Prefer code=${prefer.code} is not documented for ${operation.method.toUpperCase()} ${operation.path}; documented: ${operation.statuses.join(', ')}`;
        throw new ApiError(400, 'invalid_request', message, {
          details: [
            {
              location: 'header',
              name: 'Prefer',
              message: `code must be one of ${operation.statuses.join(', ')} (got ${quote(String(prefer.code))})`,
            },
          ],
        });
      }
    }
    res.setHeader('Preference-Applied', prefer.applied);
    if (prefer.delayMs !== undefined) await sleep(prefer.delayMs);
    if (answer === undefined) return false;
    send(res, answer);
    return true;
  };
}

function send(res: Response, answer: ForcedAnswer): void {
  res.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader('X-Message', headerSafe(answer.message));
  if (answer.body === undefined) res.end();
  else if (answer.textType !== undefined) {
    res
      .type(answer.textType)
      .send(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
  } else res.json(answer.body);
}

/** The answer for a fault status the spec does not document for the route: the error shape of the route. */
function undocumented(status: number, oauth: boolean): ForcedAnswer {
  const message = `fault injected: ${status}`;
  const body = oauth
    ? { error: 'server_error', error_description: message }
    : { error: message, code: 'fault_injected' };
  return {
    status,
    body: status === 204 || status === 304 || status < 200 ? undefined : body,
    headers: {},
    message,
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

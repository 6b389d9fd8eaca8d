/**
 * Logging: one structured line per request (pino), secrets redacted: request headers appear only at `debug`, and
 * then with `Authorization`, cookies and every header named for a token, secret, password or key censored; a token,
 * a code or a secret in the URL never appears, whatever its spelling.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';
import type { LogLevel } from '../../config.ts';
import { REDACTED, redactHeaders, redactUrl } from '../../control/redaction.ts';

export type { Logger, LogLevel };

const REDACT_PATHS = [
  'headers.authorization',
  'headers.cookie',
  'headers["proxy-authorization"]',
  'body.password',
  'body.client_secret',
  'body.refresh_token',
];

/** A pino logger writing JSON lines to `destination` (stdout by default). */
export function createLogger(level: LogLevel, destination?: NodeJS.WritableStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    base: { service: 'identity-mock' },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}

/** Logs the request once it has been answered (one line, at `info`). */
export function logRequest(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  if (!logger.isLevelEnabled('info')) return;
  const started = performance.now();
  res.once('finish', () => {
    try {
      const line = {
        method: req.method,
        url: redactUrl(req.url ?? ''),
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 100) / 100,
        ...(logger.isLevelEnabled('debug') ? { headers: redactHeaders(req.headers) } : {}),
      };
      logger.info(line, 'request');
    } catch {
      // A line that cannot be written is lost; the answer has gone out.
    }
  });
}

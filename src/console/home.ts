/**
 * `GET /` for a browser (docs/console.md): a request that prefers HTML to JSON is sent to the console, or to the
 * API reference when the control plane is off; every other client gets the JSON 404 of an unknown route.
 */
import type { RequestHandler } from 'express';

export function browserHome(target: string): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') {
      next();
      return;
    }
    // `*/*` alone (curl, fetch) picks the first listed type, JSON: only a client that names HTML gets the page.
    if (req.accepts(['application/json', 'text/html']) !== 'text/html') {
      next();
      return;
    }
    res.setHeader('X-Message', `The console is at ${target}`);
    res.redirect(302, target);
  };
}

/** The admin operations tagged Faults (docs/control-plane.md): fault rules and the rate limit of the session. */
import type { Handler } from '../../context.ts';
import { invalidRequest, notFound, quote } from '../../errors.ts';
import type { FaultInput } from '../../control/faults.ts';
import { rateLimit } from '../../control/rate-limit.ts';
import type { operations } from '../../spec/admin-types.ts';
import { adminJson, done } from './reply.ts';
import type { JsonBody } from '../body-types.ts';

type RateLimitBody = JsonBody<operations['putRateLimit']>;

export const listFaults: Handler = ({ session }) => adminJson(200, { faults: session.control.faults.list() });

export const addFault: Handler<FaultInput> = ({ session, body }) =>
  adminJson(201, session.control.faults.add(body));

export const clearFaults: Handler = ({ session }) => {
  session.control.faults.clear();
  return done('Fault rules removed');
};

export const deleteFault: Handler = ({ session, params }) => {
  const id = params.id ?? '';
  if (!session.control.faults.remove(id)) throw notFound('fault_not_found', `no fault rule ${quote(id)}`);
  return done('Fault rule removed');
};

export const getRateLimit: Handler = ({ session }) => {
  const { config } = session.control.limiter;
  return adminJson(
    200,
    config === undefined ? { enabled: false } : { enabled: true, limit: config.limit, window: config.window },
  );
};

export const putRateLimit: Handler<RateLimitBody> = ({ session, body }) => {
  const { limiter } = session.control;
  if (body.enabled === false) {
    limiter.configure(undefined);
    return adminJson(200, { enabled: false });
  }
  // The spec's schema guarantees both fields here; a limit past the safe integers is still refused.
  const config = rateLimit(body.limit, body.window);
  if (config === undefined) {
    throw invalidRequest('give {"limit": N, "window": "60s"} (units s, m, h), or {"enabled": false}');
  }
  limiter.configure(config);
  return adminJson(200, { enabled: true, limit: config.limit, window: config.window });
};

/** The admin operations tagged Journal (docs/control-plane.md): the session's recent requests, listed or streamed. */
import type { Handler } from '../../context.ts';
import { adminJson, done } from './reply.ts';

export const listRequests: Handler = ({ query, session }) => {
  const text = (name: string): string | undefined => {
    const value = query[name];
    return typeof value === 'string' ? value : undefined;
  };
  const status = text('status');
  const limit = text('limit');
  const method = text('method');
  const path = text('path');
  return adminJson(
    200,
    session.control.journal.list({
      ...(method === undefined ? {} : { method }),
      ...(path === undefined ? {} : { path }),
      ...(status === undefined ? {} : { status: Number(status) }),
      ...(limit === undefined ? {} : { limit: Number(limit) }),
    }),
  );
};

export const clearRequests: Handler = ({ session }) => {
  session.control.journal.clear();
  return done('Journal cleared');
};

export const streamRequests: Handler = ({ services, session }) =>
  services.streams.stream(session.control.journal);

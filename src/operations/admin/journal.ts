/** The admin operations tagged Journal (docs/control-plane.md): the session's recent requests, listed or streamed. */
import { text as textAnswer } from '../../answer.ts';
import type { Handler } from '../../context.ts';
import { HAR_TYPE, toHar } from '../../control/har.ts';
import { prefers } from '../../protocol/accepts.ts';
import { adminJson, done } from './reply.ts';

export const listRequests: Handler = ({ query, session, headers, url, services }) => {
  const text = (name: string): string | undefined => {
    const value = query[name];
    return typeof value === 'string' ? value : undefined;
  };
  const status = text('status');
  const limit = text('limit');
  const method = text('method');
  const path = text('path');
  const listed = session.control.journal.list({
    ...(method === undefined ? {} : { method }),
    ...(path === undefined ? {} : { path }),
    ...(status === undefined ? {} : { status: Number(status) }),
    ...(limit === undefined ? {} : { limit: Number(limit) }),
  });
  const format = text('format');
  if (format === 'har' || (format === undefined && prefers(headers.accept, HAR_TYPE))) {
    const version = (services.admin.doc.info as { version?: string } | undefined)?.version ?? '';
    const har = toHar(listed.requests, url.protocol, version);
    return textAnswer(200, HAR_TYPE, JSON.stringify(har), 'OK', {}, () => har);
  }
  return adminJson(200, listed);
};

export const clearRequests: Handler = ({ session }) => {
  session.control.journal.clear();
  return done('Journal cleared');
};

export const streamRequests: Handler = ({ services, session }) =>
  services.streams.stream(session.control.journal);

/**
 * The admin operation tagged Health: `GET /__admin/health`, the session's size, whether its indexes are built, and
 * the last reload of the served document (docs/own-spec.md "Live reload").
 */
import type { Handler } from '../../context.ts';
import { adminJson } from './reply.ts';

export const adminHealth: Handler = ({ session, services }) => {
  const reload = services.reloads.last;
  return adminJson(200, {
    status: 'ok',
    users: session.state.store.size,
    indexes: session.state.store.base.prepared ? 'ready' : 'building',
    ...(reload === undefined ? {} : { reload }),
  });
};

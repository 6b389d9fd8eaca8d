/** The admin operation tagged Health: `GET /__admin/health`, the session's size and whether its indexes are built. */
import type { Handler } from '../../context.ts';
import { adminJson } from './reply.ts';

export const adminHealth: Handler = ({ session }) =>
  adminJson(200, {
    status: 'ok',
    users: session.state.store.size,
    indexes: session.state.store.base.prepared ? 'ready' : 'building',
  });

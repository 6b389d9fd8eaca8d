/**
 * The admin operation tagged Resources (docs/own-spec.md "What the engine made of a document"):
 * `GET /__admin/resources`, the served document's collections with the records the session holds, and every
 * operation with what serves it.
 */
import type { Handler } from '../../context.ts';
import { resourcesView } from '../../resources/resources-view.ts';
import type { Session } from '../../sessions/session.ts';
import { adminJson } from './reply.ts';

/** Records `session` holds in collection `name`: for `users`, the users store's live users (it is that store). */
export function sessionCount(session: Session, name: string): number {
  return name === 'users' ? session.state.store.size : session.resources.count(name);
}

export const getResources: Handler = ({ services, session }) =>
  adminJson(
    200,
    resourcesView(services.resources.model, (name) => sessionCount(session, name)),
  );

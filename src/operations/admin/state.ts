/**
 * The admin operations tagged State (docs/control-plane.md): back to the start, a new seeded dataset, fixtures.
 * Seeding and loading run in slices (`data/sliced-work.ts`): the session keeps answering, on its old data, until done.
 */
import type { Handler, RequestContext } from '../../context.ts';
import { runInSlices } from '../../data/sliced-work.ts';
import { invalidFixtures } from '../../errors.ts';
import type { components, operations } from '../../spec/admin-types.ts';
import { adminJson } from './reply.ts';
import type { Dataset } from '../../data/dataset.ts';
import type { JsonBody } from '../body-types.ts';

type SeedBody = NonNullable<JsonBody<operations['seed']>>;
type FixturesBody = JsonBody<operations['putFixtures']>;

/** Users, workspaces and clients of the session now. */
export function summary({ session }: RequestContext): components['schemas']['DataSummary'] {
  const { state } = session;
  return {
    users: state.store.size,
    workspaces: state.store.workspaces.length,
    clients: state.clients.length,
  };
}

export const reset: Handler = (context) => {
  // A reset is a fresh view over the session's shared data: nothing to build, nothing to slice.
  context.session.reset();
  return adminJson(200, summary(context));
};

export const seed: Handler<SeedBody | undefined> = async (context) => {
  const { start } = context.services.settings;
  const { seed = start.seed, users = start.users } = context.body ?? {};
  const dataset = await context.services.datasets.seed(seed, users);
  await runInSlices(context.session.state.loadSteps(dataset));
  return adminJson(200, summary(context));
};

export const putFixtures: Handler<FixturesBody> = async (context) => {
  await runInSlices(context.session.state.loadSteps(fixturesOf(context, context.body)));
  return adminJson(200, summary(context));
};

/** A dataset from fixture records in a request body; an invalid record is 400 `invalid_fixtures` naming it. */
export function fixturesOf(context: RequestContext, records: unknown): Dataset {
  try {
    return context.services.datasets.fromRecords(records, 'request body');
  } catch (error) {
    if (error instanceof Error && error.name === 'FixtureError') throw invalidFixtures(error.message);
    throw error;
  }
}

/**
 * The admin operations tagged Pact (docs/control-plane.md): the contracts identity-mock is verified against, and the
 * provider states a verifier sets up (each first resets the session, then applies the state).
 */
import type { Handler, RequestContext } from '../../context.ts';
import type { StateTarget } from '../../control/provider-states.ts';
import { notFound, quote } from '../../errors.ts';
import type { operations } from '../../spec/admin-types.ts';
import { mintIn } from './tokens.ts';
import { adminJson } from './reply.ts';
import type { JsonBody } from '../body-types.ts';

type ProviderStateBody = JsonBody<operations['providerState']>;

export const listContracts: Handler = ({ services, url }) => {
  const base = `${url.origin}/__admin/contracts`;
  const contracts = services.contracts
    .list()
    .map((contract) => ({ ...contract, url: `${base}/${contract.file}` }));
  return adminJson(200, { contracts });
};

export const getContract: Handler = ({ services, params }) => {
  const file = params.file ?? '';
  const pact = services.contracts.read(file);
  if (pact === undefined) throw notFound('contract_not_found', `no contract ${quote(file)} in contracts/`);
  return adminJson(200, pact);
};

export const providerState: Handler<ProviderStateBody> = async (context) => {
  const input = context.body;
  if (input.action === 'teardown') return adminJson(200, await stateTokens(context));
  context.session.reset();
  // Pact's provider states load on the first one set up, not at start.
  const { applyProviderState } = await import('../../control/provider-states.ts');
  const values = applyProviderState(input.state, input.params ?? {}, stateTarget(context));
  return adminJson(200, { ...values, ...(await stateTokens(context)) });
};

function stateTarget(context: RequestContext): StateTarget {
  const { services, session } = context;
  return {
    get dataset() {
      return session.state.dataset;
    },
    liveUsers: () => {
      const { store } = session.state;
      return store.users.filter((_, slot) => store.alive[slot] === 1);
    },
    load: (dataset) => {
      session.state.load(dataset);
    },
    deleteUser: (id) => {
      const slot = session.state.store.slotOfId(id);
      if (slot === undefined) return false;
      session.state.store.delete(slot);
      return true;
    },
    knownAccounts: services.knownAccounts,
    datasetFromRecords: (records) => services.datasets.fromRecords(records, 'provider state'),
    hashing: services.platform.hashing,
  };
}

/**
 * Access and ID tokens of the three known accounts, for Pact's `fromProviderState` (docs/control-plane.md names
 * `adminToken`; the ID tokens are spa-client's, docs/login.md).
 */
async function stateTokens(
  context: RequestContext,
): Promise<
  Record<
    'adminToken' | 'userToken' | 'clientToken' | 'adminIdToken' | 'userIdToken' | 'clientIdToken',
    string
  >
> {
  const [admin, user, client] = await Promise.all(
    ['admin@example.com', 'user@example.com', 'client@example.com'].map((email) =>
      mintIn(context, { user: email, idToken: {} }),
    ),
  );
  return {
    adminToken: admin?.accessToken ?? '',
    userToken: user?.accessToken ?? '',
    clientToken: client?.accessToken ?? '',
    adminIdToken: admin?.idToken ?? '',
    userIdToken: user?.idToken ?? '',
    clientIdToken: client?.idToken ?? '',
  };
}

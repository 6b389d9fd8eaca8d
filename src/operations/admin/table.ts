/**
 * The operations of spec/admin.yaml (the control plane under `/__admin`), by `operationId`, each to its handler: one
 * table, checked at compile time against the operations the spec declares.
 */
import type { operations } from '../../spec/admin-types.ts';
import type { OperationTable } from '../body-types.ts';
import { getAdminOpenApi, getConsole, getConsoleAsset } from './console.ts';
import { addFault, clearFaults, deleteFault, getRateLimit, listFaults, putRateLimit } from './faults.ts';
import { clearDrift, getDrift } from './drift.ts';
import { adminHealth } from './health.ts';
import {
  addClaimRule,
  activateKey,
  addKey,
  clearClaimRules,
  deleteClaimRule,
  getClock,
  listClaimRules,
  listKeys,
  resetClock,
  retireKey,
  setClock,
} from './identity-provider.ts';
import { clearRequests, listRequests, streamRequests } from './journal.ts';
import { closeMcpSession, mcp } from './mcp.ts';
import { getContract, listContracts, providerState } from './pact.ts';
import { getResources } from './resources.ts';
import { createSession, dropSession, listSessions } from './sessions.ts';
import { putFixtures, reset, seed } from './state.ts';
import { mintToken } from './tokens.ts';

export const ADMIN_OPERATIONS = {
  adminHealth,
  reset,
  seed,
  putFixtures,
  listRequests,
  clearRequests,
  streamRequests,
  listFaults,
  addFault,
  clearFaults,
  deleteFault,
  getRateLimit,
  putRateLimit,
  mintToken,
  listClaimRules,
  addClaimRule,
  clearClaimRules,
  deleteClaimRule,
  getClock,
  setClock,
  resetClock,
  listKeys,
  addKey,
  activateKey,
  retireKey,
  listContracts,
  getContract,
  providerState,
  listSessions,
  createSession,
  dropSession,
  getResources,
  getAdminOpenApi,
  getConsole,
  getConsoleAsset,
  getDrift,
  clearDrift,
  mcp,
  closeMcpSession,
} satisfies OperationTable<operations>;

/**
 * The admin operations tagged Drift (spec/admin.yaml, docs/drift.md). The mock forwards nothing to a real service,
 * so it never has findings: `GET /__admin/drift` lists none and `DELETE` has nothing to clear. `identity-mock proxy`
 * answers the same routes with its own findings (src/drift/admin-answer.ts).
 */
import type { Handler } from '../../context.ts';
import type { DriftListing } from '../../drift/finding.ts';
import { adminJson, done } from './reply.ts';

export const getDrift: Handler = () => adminJson(200, { findings: [] } satisfies DriftListing);

export const clearDrift: Handler = () => done('Drift findings cleared');

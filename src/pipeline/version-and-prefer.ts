/**
 * Steps 2 and 3 of docs/responses.md for a routed operation: `X-API-Version`, when sent (400
 * `unsupported_api_version`); then on the identity API `Prefer` (`code=`, `delay=`: the documented answer for that
 * status, `Preference-Applied` on the answer), and on the control plane the change guard (403 `cross_site_refused`
 * for a browser's change from another site, 415 for a body that is not JSON).
 */
import type { Answer } from '../answer.ts';
import type { ApiModel, OperationSpec } from '../spec/model.ts';
import { checkChange } from './admin-guard.ts';
import { hasBody } from './body.ts';
import { operationOf, routedOf, unchecked, urlOf, type Exchange } from './exchange.ts';
import { preferences } from './gates.ts';
import { checkApiVersion } from './header-checks.ts';
import type { Step } from './step.ts';

/**
 * The answer `Prefer: code=…` asks for, if it does; throws the refusals above. Without `Prefer`, nothing to wait
 * for (undefined).
 */
export const versionAndPreferStep: Step = (x, s) => {
  const { request } = x;
  const { options } = s;
  checkApiVersion(request.headers['x-api-version'], options.apiVersions);
  if (!routedOf(x).at.isApi) {
    checkChange({
      method: request.method,
      headers: request.headers,
      hasBody: hasBody(request.body),
      ownOrigin: urlOf(x).origin,
      adminOrigins: options.adminOrigins,
    });
    return undefined;
  }
  const { prefer } = request.headers;
  return prefer === undefined ? undefined : applyPrefer(x, operationOf(x), prefer, s.services.api);
};

async function applyPrefer(
  x: Exchange,
  operation: OperationSpec,
  prefer: string,
  api: ApiModel,
): Promise<Answer | undefined> {
  // `Prefer` is a test tool's header: its refusal is JSON even on the pages a person reads.
  const shape = x.shape;
  if (shape === 'page') x.shape = 'api';
  const preferred = await preferences(api, operation, prefer);
  x.shape = shape;
  if (preferred === undefined) return undefined;
  x.headers['Preference-Applied'] = preferred.applied;
  // The answer asked for is what the test wanted, documented or not: it is not checked.
  return preferred.answer === undefined ? undefined : unchecked(x, preferred.answer);
}

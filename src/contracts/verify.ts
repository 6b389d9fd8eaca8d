/**
 * Verifies a running mock against pacts with Pact's Verifier, through the mock's own provider-state endpoint
 * (`POST /__admin/provider-states`, docs/control-plane.md): the verifier posts `{state, params, action}` there and injects
 * the answer's values (`adminToken`, …) into requests built with `fromProviderState`.
 */
import { Verifier } from '@pact-foundation/pact';
import { formBodyFilter } from '../adapters/express/pact-form-filter.ts';

export interface VerifyOptions {
  /** Base URL of the running mock. */
  readonly providerBaseUrl: string;
  /** Pact files or URLs. */
  readonly pacts: readonly string[];
  readonly provider?: string;
  readonly logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error';
}

/** Verification ran and at least one interaction failed (Pact printed which); `report` is Pact's JSON result. */
export class VerificationFailed extends Error {
  override readonly name = 'VerificationFailed';

  constructor(readonly report: unknown) {
    super('one or more interactions failed');
  }
}

/**
 * Resolves with Pact's report when every interaction passes; rejects with VerificationFailed when some fail, and
 * with Pact's own error when verification could not run.
 */
export async function verifyPacts(options: VerifyOptions): Promise<unknown> {
  const verifier = new Verifier({
    provider: options.provider ?? 'identity-service',
    providerBaseUrl: options.providerBaseUrl,
    pactUrls: [...options.pacts],
    providerStatesSetupUrl: `${options.providerBaseUrl}/__admin/provider-states`,
    // stateChangeAsQuery false: the state goes as a JSON body, as docs/control-plane.md describes.
    requestFilter: formBodyFilter,
    // 'error' by default: at 'warn', Pact JS flags providerStatesSetupUrl as deprecated, yet it is how the
    // verifier reaches the mock's own state endpoint (docs/control-plane.md). The report prints at any level.
    logLevel: options.logLevel ?? 'error',
  });
  try {
    return await verifier.verifyProvider();
  } catch (error) {
    throw failedVerification(error) ?? error;
  }
}

/** Pact's core rejects a failed verification with an Error whose message is its JSON result, `{errors: […]}`. */
function failedVerification(error: unknown): VerificationFailed | undefined {
  if (!(error instanceof Error)) return undefined;
  let report: unknown;
  try {
    report = JSON.parse(error.message);
  } catch {
    return undefined; // not a result: an error of another kind, rethrown as it is
  }
  const failed = typeof report === 'object' && report !== null && 'errors' in report;
  return failed ? new VerificationFailed(report) : undefined;
}

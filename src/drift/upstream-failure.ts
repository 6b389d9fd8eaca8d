/**
 * No (whole) answer from the service (docs/drift.md): it could not be reached, took longer than
 * `--upstream-timeout`, sent an answer longer than the probe reads, or its TLS certificate was refused. The kind is
 * the finding's.
 */
import type { FindingKind } from './finding.ts';

export class UpstreamFailure extends Error {
  override readonly name = 'UpstreamFailure';

  constructor(
    readonly kind: Extract<
      FindingKind,
      'upstream_unreachable' | 'upstream_timeout' | 'upstream_tls' | 'answer_too_large'
    >,
    message: string,
  ) {
    super(message);
  }
}

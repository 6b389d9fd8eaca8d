/**
 * The drift proxy's checks (docs/drift.md): each exchange passed on goes through the guard, whose findings are kept
 * (and announced the first time each is seen), the users of list answers recorded when asked, the traffic kept as
 * HAR with `--har`; an exchange that got no whole answer is a finding of its own.
 */
import type { Exchange } from '../../drift/exchange.ts';
import { FindingStore, type FindingInput } from '../../drift/finding.ts';
import { DriftGuard } from '../../drift/guard.ts';
import type { HarRecording } from '../../drift/har-recording.ts';
import { UserRecorder } from '../../drift/record.ts';
import type { UpstreamFailure } from '../../drift/upstream-failure.ts';
import type { SpecDocument } from '../../spec/document.ts';
import type { User } from '../../spec/types.ts';

export interface ProxyCheckOptions {
  readonly doc: SpecDocument;
  readonly record?: boolean;
  readonly recording?: {
    readonly known: readonly User[];
    readonly check: (record: unknown) => { ok: boolean };
  };
  readonly onFinding?: ((finding: FindingInput, requestId: string) => void) | undefined;
  readonly onError?: (error: unknown) => void;
  readonly har?: HarRecording | undefined;
}

export class ProxyChecks {
  readonly findings = new FindingStore();
  /** The users seen, when recording. */
  readonly recorder: UserRecorder | undefined;
  readonly #guard: DriftGuard;
  readonly #options: ProxyCheckOptions;

  constructor(options: ProxyCheckOptions) {
    this.#options = options;
    this.#guard = new DriftGuard(options.doc);
    this.recorder =
      options.record === true && options.recording !== undefined
        ? new UserRecorder(options.recording)
        : undefined;
  }

  /** Checks an exchange passed on whole; a failure of the guard is reported, never thrown. */
  inspect(exchange: Exchange, id: string): void {
    try {
      const inspection = this.#guard.inspect(exchange);
      for (const finding of inspection.findings) this.#add(finding, id);
      if (this.recorder !== undefined && inspection.page !== undefined)
        this.recorder.add(inspection.page.items);
      this.#options.har?.add(exchange);
    } catch (failure) {
      this.#options.onError?.(failure);
    }
  }

  /** The finding of an exchange that got no (whole) answer. */
  noAnswer(reason: UpstreamFailure, method: string, target: string, id: string): void {
    this.#add(
      {
        operation: this.#guard.operationName(method, target),
        kind: reason.kind,
        where: 'connection',
        expected: 'an answer from the service',
        actual: reason.message,
      },
      id,
    );
  }

  #add(finding: FindingInput, id: string): void {
    if (this.findings.add(finding, id)) this.#options.onFinding?.(finding, id);
  }
}

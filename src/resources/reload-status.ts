/**
 * The outcome of the last reload of the served document (docs/own-spec.md "Live reload"), as `mock.reload()`
 * resolves it and `GET /__admin/health` and the console show it.
 */
import type { OperationChanges } from '../spec/operation-changes.ts';

/** What a reload did: the operations it changed and the records it dropped, or why it kept the previous document. */
export type ReloadReport =
  | {
      readonly ok: true;
      readonly operations: OperationChanges;
      /** Records the sessions wrote that the reloaded document no longer accepts, by collection. */
      readonly dropped: Readonly<Record<string, number>>;
    }
  | {
      readonly ok: false;
      /** What was wrong, naming the file (and line and column, for a syntax error). */
      readonly error: string;
    };

/** The last reload, as health answers say it. */
export interface ReloadHealth {
  readonly ok: boolean;
  /** When it finished (RFC 3339, the mock's real clock). */
  readonly at: string;
  readonly error?: string;
}

export class ReloadStatus {
  readonly #clock: () => number;
  #last: ReloadHealth | undefined;

  constructor(clock: () => number) {
    this.#clock = clock;
  }

  record(report: ReloadReport): void {
    const at = new Date(this.#clock()).toISOString();
    this.#last = report.ok ? { ok: true, at } : { ok: false, at, error: report.error };
  }

  /** The last reload; undefined before the first. */
  get last(): ReloadHealth | undefined {
    return this.#last;
  }
}

/** A clock that moves only when the test says so: a mock takes its clock as `now()`, so tests control time. */
export class ManualClock {
  #ms: number;

  constructor(start: string | number) {
    this.#ms = typeof start === 'number' ? start : Date.parse(start);
  }

  /** Milliseconds since the epoch, as `Date.now` would give them. */
  readonly now = (): number => this.#ms;

  advanceSeconds(seconds: number): void {
    this.#ms += seconds * 1000;
  }
}

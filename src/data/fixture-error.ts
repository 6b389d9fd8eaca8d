/**
 * The one error of the data layer: fixture data that cannot become a Dataset. Every problem names where it is
 * (file or source, record index, id) and what is accepted, so a fixture author can fix all of them in one pass.
 */

/** How many problems a FixtureError message lists before summing up the rest. */
const LISTED_PROBLEMS = 20;

/** Invalid fixture data: `problems` holds one line per problem, `message` lists them. */
export class FixtureError extends Error {
  override readonly name = 'FixtureError';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(describe(problems));
    this.problems = Object.freeze([...problems]);
  }
}

function describe(problems: readonly string[]): string {
  if (problems.length === 1) return problems[0] ?? '';
  const listed = problems.slice(0, LISTED_PROBLEMS).map((problem) => `  - ${problem}`);
  const rest = problems.length - listed.length;
  if (rest > 0) listed.push(`  … and ${rest} more`);
  return `${problems.length} problems in fixture data:\n${listed.join('\n')}`;
}

/** Collects problems while a whole input is checked, then throws them together. */
export class ProblemList {
  readonly #problems: string[] = [];

  add(where: string, problem: string): void {
    this.#problems.push(`${where}: ${problem}`);
  }

  get size(): number {
    return this.#problems.length;
  }

  /** Throws a FixtureError holding every problem added so far, if any. */
  throwIfAny(): void {
    if (this.#problems.length > 0) throw new FixtureError(this.#problems);
  }
}

/** `users.json: record 3 (id "…")`: where a record sits, for messages. */
export function recordLabel(source: string, index: number, record: unknown): string {
  const id = idOf(record);
  return id === undefined
    ? `${source}: record ${index}`
    : `${source}: record ${index} (id ${JSON.stringify(id)})`;
}

function idOf(record: unknown): string | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  const id: unknown = Reflect.get(record, 'id') ?? Reflect.get(record, 'client_id');
  return typeof id === 'string' ? id : undefined;
}

/** A short description of a JSON value's kind, for "expected X (got Y)" messages. */
export function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`;
  return typeof value;
}

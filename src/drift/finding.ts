/**
 * Findings of the drift guard (docs/drift.md): each disagreement between what the real service answered and what
 * the spec and the documented behaviour say, deduplicated by operation, kind and place, counted, bounded in
 * number, with secrets redacted before anything is kept.
 */
import { redactText } from '../control/redaction.ts';
import type { components } from '../spec/admin-types.ts';

/** A finding as kept and shown (spec/admin.yaml `DriftFinding`): the first occurrence's texts, the request that first showed it, how often. */
export type Finding = components['schemas']['DriftFinding'];
/** The body of `GET /__admin/drift` (spec/admin.yaml `DriftFindings`). */
export type DriftListing = components['schemas']['DriftFindings'];
/** The kinds spec/admin.yaml lists. */
export type FindingKind = Finding['kind'];

/** Every kind of finding, in the order docs/drift.md explains them (a unit test holds it to the spec's list). */
export const FINDING_KINDS = [
  'request_accepted',
  'request_refused',
  'undocumented_operation',
  'undocumented_status',
  'status',
  'header',
  'content_type',
  'body_schema',
  'error_shape',
  'link',
  'total_count',
  'page_size',
  'sort_order',
  'filter',
  'metadata',
  'pagination',
  'upstream_unreachable',
  'upstream_timeout',
  'upstream_tls',
  'answer_too_large',
] as const satisfies readonly FindingKind[];

/** One disagreement as a check reports it. */
export interface FindingInput {
  /** The operationId, or `METHOD /path` when no operation of the spec serves the request. */
  readonly operation: string;
  readonly kind: FindingKind;
  /** The place: a body field path (`body[].email`), a header (`X-Total-Count`), a Link relation (`Link rel="next" page`). */
  readonly where: string;
  readonly expected: string;
  readonly actual: string;
}

/** Distinct findings kept; beyond, new ones are counted in `dropped` only (occurrences of kept ones still count). */
export const MAX_FINDINGS = 500;
/** Characters of `expected` and `actual` kept (longer: cut, ending `...`). */
export const FINDING_TEXT_LIMIT = 300;
/** Characters of `operation` and `where` kept. */
const KEY_LIMIT = 200;

/**
 * The findings of one guard (a proxy, a probe run). Not shared between guards.
 *
 * @example
 * const store = new FindingStore();
 * store.add({ operation: 'listUsers', kind: 'header', where: 'X-Total-Count', expected: 'present', actual: 'absent' }, '7');
 * store.listing(); // { findings: [{ …, first_request_id: '7', count: 1 }] }
 */
export class FindingStore {
  readonly #findings = new Map<string, { finding: FindingInput; first: string; count: number }>();
  readonly #capacity: number;
  #dropped = 0;

  constructor(capacity = MAX_FINDINGS) {
    this.#capacity = capacity;
  }

  /** Records `input` as seen on request `requestId`; returns true when it is a new finding. */
  add(input: FindingInput, requestId: string): boolean {
    const operation = cut(input.operation, KEY_LIMIT);
    const where = cut(redactText(input.where.slice(0, RAW_LIMIT)), KEY_LIMIT);
    const key = `${operation}\u0000${input.kind}\u0000${where}`;
    const known = this.#findings.get(key);
    if (known !== undefined) {
      known.count++;
      return false;
    }
    if (this.#findings.size >= this.#capacity) {
      this.#dropped++;
      return false;
    }
    this.#findings.set(key, {
      finding: {
        operation,
        kind: input.kind,
        where,
        expected: cut(redactText(input.expected.slice(0, RAW_LIMIT)), FINDING_TEXT_LIMIT),
        actual: cut(redactText(input.actual.slice(0, RAW_LIMIT)), FINDING_TEXT_LIMIT),
      },
      first: requestId,
      count: 1,
    });
    return true;
  }

  /** Distinct findings kept. */
  get size(): number {
    return this.#findings.size;
  }

  /** Distinct findings not kept because the store was full. */
  get dropped(): number {
    return this.#dropped;
  }

  /** The findings in the order they were first seen. */
  list(): Finding[] {
    return [...this.#findings.values()].map(({ finding, first, count }) => ({
      operation: finding.operation,
      kind: finding.kind,
      where: finding.where,
      expected: finding.expected,
      actual: finding.actual,
      first_request_id: first,
      count,
    }));
  }

  /** What `GET /__admin/drift` answers. */
  listing(): DriftListing {
    return this.#dropped === 0
      ? { findings: this.list() }
      : { findings: this.list(), dropped: this.#dropped };
  }

  clear(): void {
    this.#findings.clear();
    this.#dropped = 0;
  }
}

/** Before redaction, texts are cut to this many characters, so that redaction works on bounded input. */
const RAW_LIMIT = 4 * FINDING_TEXT_LIMIT;

function cut(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 3)}...` : text;
}

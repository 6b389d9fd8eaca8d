/**
 * A record of a collection as the store keeps it (types only, so that what names it does not name faker, which
 * seeding loads: `seed.ts`).
 */
import type { ResourceRecord } from './run-list.ts';

export interface SeedEntry {
  /** The record's id as a string (the store's key). */
  readonly key: string;
  /** The parent record's key, for a nested collection. */
  readonly parent: string | undefined;
  readonly record: ResourceRecord;
}

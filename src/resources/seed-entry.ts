/**
 * A seeded record of a collection as the stores hold it (`seed.ts` makes them). Its own module, so that the types
 * the package publishes (the stores, the session) name no faker type: a project that installs identity-mock has
 * no faker.
 */
import type { ResourceRecord } from './run-list.ts';

export interface SeedEntry {
  /** The record's id as a string (the store's key). */
  readonly key: string;
  /** The parent record's key, for a nested collection. */
  readonly parent: string | undefined;
  readonly record: ResourceRecord;
}

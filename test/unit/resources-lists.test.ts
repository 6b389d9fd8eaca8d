/**
 * The shared list indexes of an inferred collection (docs/performance.md "Inferred collections"): built ahead in
 * steps or on first use, they answer the same; the JSON of a page is the page's; what a session keeps for its own
 * rows is counted in its state bytes and given back at its next write.
 */
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../src/data/sliced-work.ts';
import { readListQuery } from '../../src/resources/list-query.ts';
import { PROJECT, projectsDoc } from '../support/resource-docs.ts';
import { fixture, must } from '../support/resource-session.ts';

const WITH_SECRET = { properties: { ...PROJECT.properties, secret: { type: 'string', writeOnly: true } } };
const QUERIES: readonly Record<string, string>[] = [
  {},
  { sort_by: 'name', sort_order: 'desc', page: '2', page_size: '7' },
  { status: 'active', sort_by: 'priority' },
  { created_at_from: '2024-01-01T00:00:00Z', created_at_to: '2025-06-01T00:00:00Z' },
  { search: 'a' },
  { search: 'archived', page_size: '100' },
];

describe('list indexes of an inferred collection', () => {
  it('answer the same built ahead by ResourceBase.prepare, in steps, as built on first use', () => {
    const ahead = fixture(projectsDoc({ 'x-mock-count': 120 }));
    const onUse = fixture(projectsDoc({ 'x-mock-count': 120 }));
    const steps = ahead.base.prepare();
    let count = 0;
    while (steps.next().done !== true) count++;
    expect(count).toBeGreaterThan(4);
    const projects = must(ahead.model.collections[0]);
    for (const q of QUERIES) {
      const query = readListQuery(must(projects.list), q, projects.sortable);
      expect(ahead.session().list('projects', [], query)).toEqual(
        onUse.session().list('projects', [], query),
      );
    }
  });

  it('give the page as JSON the records make, write-only properties left out, seeded and written alike', () => {
    const f = fixture(projectsDoc(WITH_SECRET));
    runToEnd(f.base.prepare());
    const projects = must(f.model.collections[0]);
    const s = f.session();
    s.create(
      'projects',
      [],
      { name: 'Own', status: 'draft', priority: 2, secret: 'hush' },
      { userId: undefined },
    );
    const page = s.list(
      'projects',
      [],
      readListQuery(must(projects.list), { page_size: '100' }, projects.sortable),
    );
    expect(page.items.length).toBe(21);
    for (const item of page.items) expect(item).not.toHaveProperty('secret');
    const text = s.itemsJson('projects', page.items);
    expect(JSON.parse(text)).toEqual(page.items);
    expect(s.itemsJson('projects', page.items)).toBe(text);
    expect(s.itemsJson('projects', [])).toBe('[]');
  });

  it('count what a session keeps of its own rows, and give it back at its next write', () => {
    const f = fixture(projectsDoc());
    const projects = must(f.model.collections[0]);
    const s = f.session();
    s.create('projects', [], { name: 'Own', status: 'draft', priority: 2 }, { userId: undefined });
    const written = s.stateBytes();
    for (const sort_by of ['name', 'priority', 'created_at', 'status'])
      s.list('projects', [], readListQuery(must(projects.list), { sort_by }, projects.sortable));
    const listed = s.stateBytes();
    expect(listed).toBeGreaterThan(written);
    // Twenty queries more, each its own result: at most 8 are kept, the oldest given up.
    const from = (n: number): string =>
      new Date(Date.parse('2023-01-01T00:00:00Z') + n * 86_400_000).toISOString();
    const ask = (n: number): void => {
      s.list(
        'projects',
        [],
        readListQuery(must(projects.list), { created_at_from: from(n) }, projects.sortable),
      );
    };
    for (let n = 0; n < 8; n++) ask(n);
    const eight = s.stateBytes();
    for (let n = 8; n < 28; n++) ask(n);
    expect(s.stateBytes()).toBeLessThan(written + 1.5 * (eight - written));
    s.create('projects', [], { name: 'Own 2', status: 'draft', priority: 2 }, { userId: undefined });
    expect(s.stateBytes()).toBeLessThan(listed);
    expect(s.stateBytes()).toBeGreaterThan(written);
  });
});

/**
 * The pure parts of a reload (docs/own-spec.md "Live reload"): what changed in the operations, and a session's
 * records moved onto a reloaded document's collections.
 */
import { describe, expect, it } from 'vitest';
import { readListQuery } from '../../src/resources/list-query.ts';
import { recordCheck } from '../../src/resources/record-check.ts';
import { buildApiModel } from '../../src/spec/model.ts';
import { operationChanges } from '../../src/spec/operation-changes.ts';
import type { SpecDocument } from '../../src/spec/document.ts';
import { PROJECT, projectsDoc } from '../support/resource-docs.ts';
import { fixture, must } from '../support/resource-session.ts';

const CALLER = { userId: '00000000-0000-4000-8000-000000000001' };

/** `doc` with its `/projects/{project_id}/tasks…` paths left out. */
function withoutTasks(doc: SpecDocument): SpecDocument {
  const paths = Object.fromEntries(
    Object.entries(doc.paths as Record<string, unknown>).filter(([path]) => !path.includes('tasks')),
  );
  return { ...doc, paths };
}

describe('operationChanges', () => {
  const before = buildApiModel(projectsDoc());

  it.each([
    ['the same document', projectsDoc(), { added: [], changed: [], removed: [] }],
    [
      'paths removed',
      withoutTasks(projectsDoc()),
      { added: [], changed: [], removed: ['listTasks', 'createTask', 'getTask', 'deleteTask'] },
    ],
    [
      // A component every project operation reaches through `$ref`: each of them changed, the tasks' not.
      'a property added to the component schema',
      projectsDoc({ properties: { ...PROJECT.properties, owner: { type: 'string' } } }),
      {
        added: [],
        changed: ['listProjects', 'createProject', 'getProject', 'replaceProject', 'patchProject'],
        removed: [],
      },
    ],
  ])('%s', (_, doc, expected) => {
    expect(operationChanges(before, buildApiModel(doc))).toEqual(expected);
  });

  it('names an operation that came back as added', () => {
    expect(operationChanges(buildApiModel(withoutTasks(projectsDoc())), before).added).toEqual([
      'listTasks',
      'createTask',
      'getTask',
      'deleteTask',
    ]);
  });
});

describe('SessionResources.rebase', () => {
  const old = fixture(projectsDoc());
  const projects = must(old.model.collections.find((c) => c.name === 'projects'));
  const everything = readListQuery(must(projects.list), { page_size: 100 }, projects.sortable);

  /** A session that created one project, replaced one seeded project, deleted another, and wrote a task. */
  function written() {
    const s = old.session();
    const seeded = s.list('projects', [], everything).items;
    const [first, second] = [must(seeded[0]), must(seeded[1])];
    const created = s.create('projects', [], { name: 'Apollo', status: 'active', priority: 2 }, CALLER);
    s.replace('projects', [], String(first.id), { name: 'Renamed', status: 'draft', priority: 1 }, CALLER);
    s.delete('projects', [], String(second.id));
    s.create('tasks', [String(created.id)], { title: 'Plan' }, CALLER);
    return { s, created, first, second };
  }

  it('keeps every record a schema that still accepts them, and the deletion of a seeded record', () => {
    const { s, created, first, second } = written();
    const next = fixture(projectsDoc());
    const { resources, dropped } = s.rebase(next.base, recordCheck(projectsDoc()));
    expect(dropped).toEqual(new Map());
    expect(resources.read('projects', [], String(created.id))).toEqual(created);
    expect(resources.read('projects', [], String(first.id))).toMatchObject({ name: 'Renamed' });
    expect(() => resources.read('projects', [], String(second.id))).toThrow(/not found|no project/i);
    expect(resources.count('projects')).toBe(s.count('projects'));
    expect(resources.count('tasks')).toBe(s.count('tasks'));
  });

  it('drops the records a new required property rejects, and counts them', () => {
    const { s, created, first } = written();
    const stricter = projectsDoc({
      required: [...PROJECT.required, 'description'],
      properties: { ...PROJECT.properties, description: { type: 'string', minLength: 1 } },
    });
    const next = fixture(stricter);
    const { resources, dropped } = s.rebase(next.base, recordCheck(stricter));
    // The created project and the replaced one lack a description (seeded ones have one, from the new schema); the
    // task goes with the project it was written under.
    expect(dropped).toEqual(
      new Map([
        ['projects', 2],
        ['tasks', 1],
      ]),
    );
    expect(() => resources.read('projects', [], String(created.id))).toThrow();
    expect(resources.read('projects', [], String(first.id))).not.toMatchObject({ name: 'Renamed' });
  });

  it('drops a collection the document no longer has, with its records', () => {
    const { s } = written();
    const fewer = withoutTasks(projectsDoc());
    const next = fixture(fewer);
    const { resources, dropped } = s.rebase(next.base, recordCheck(fewer));
    expect(dropped).toEqual(new Map([['tasks', 1]]));
    expect(resources.count('projects')).toBe(s.count('projects'));
  });
});

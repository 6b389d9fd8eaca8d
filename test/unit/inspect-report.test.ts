/**
 * `identity-mock inspect`'s report (src/resources/inspect-report.ts), over small documents: each collection with
 * its schema, id rule, parent, unique properties and seeded counts; each operation with what serves it and what it
 * needs; the notes; and `--json` as `GET /__admin/resources`' answer plus the notes.
 */
import { describe, expect, it } from 'vitest';
import { inferResources } from '../../src/resources/infer.ts';
import { inspectJson, inspectText, type InspectInput } from '../../src/resources/inspect-report.ts';
import { projectsDoc } from '../support/resource-docs.ts';

const model = inferResources(projectsDoc());
const input: InspectInput = {
  name: 'projects.yaml',
  model,
  counts: (name) => (name === 'projects' ? 20 : 60),
  access: (id) =>
    id === 'getProject' ? { secured: true, permissions: [] } : { secured: true, permissions: [`p:${id}`] },
};
const text = inspectText(input);
const lines = text.split('\n');

/** The line that starts (after its indent) with `start`. */
function line(start: string): string {
  return lines.find((l) => l.trimStart().startsWith(start)) ?? `no line starting with ${start}`;
}

describe('inspectText', () => {
  it('names the document and counts each part', () => {
    expect(lines[0]).toBe('projects.yaml: what identity-mock serves');
    expect(text).toContain('Collections (2)\n');
    expect(text).toContain(`Operations (${String(model.operations.length)})\n`);
    expect(text).toContain('Notes (1)\n');
  });

  it.each([
    {
      name: 'a top-level collection',
      start: 'projects ',
      has: ['/projects', 'item Project', '20 seeded; at most 10000'],
    },
    {
      name: 'a nested one, per parent record',
      start: 'tasks ',
      has: ['/projects/{project_id}/tasks', 'item Task', '60 seeded, 3 per project; at most 10000'],
    },
    { name: 'a uuid id', start: 'id id (a create assigns a new uuid', has: [] },
    { name: 'an integer id', start: 'id id (a create assigns the next integer', has: [] },
    {
      name: 'the parent and where a record holds it',
      start: 'parent projects',
      has: ['({project_id}, held in project_id)'],
    },
    { name: 'unique properties', start: 'unique name', has: ['409 conflict'] },
  ])('says $name', ({ start, has }) => {
    const found = line(start);
    for (const part of has) expect(found).toContain(part);
  });

  it.each([
    { id: 'listProjects', served: 'collection projects (list)', needs: 'p:listProjects' },
    { id: 'createTask', served: 'collection tasks (create)', needs: 'p:createTask' },
    { id: 'patchProject', served: 'item projects (patch)', needs: 'p:patchProject' },
    { id: 'getProject', served: 'item projects (read)', needs: 'a valid token' },
  ])('gives $id, what serves it and what it needs', ({ id, served, needs }) => {
    const row = lines.find((l) => l.includes(` ${id} `)) ?? '';
    expect(row.trim().split(/ {2,}/).slice(-2)).toEqual([served, needs]);
  });

  it('lists the notes: a query parameter accepted and ignored', () => {
    expect(text).toContain(
      '  - listProjects: query parameter include_archived is accepted and ignored (not a property, range, search, sort or paging parameter)',
    );
  });

  it('says so when there are no collections and no notes', () => {
    const empty = inspectText({ ...input, model: { ...model, collections: [], operations: [], notes: [] } });
    expect(empty).toContain('Collections (0)\n  none inferred\n');
    expect(empty).toContain('Notes (0)\n  none\n');
  });
});

describe('inspectJson', () => {
  it("is GET /__admin/resources' answer with the seeded counts, plus the notes", () => {
    const json = inspectJson(input);
    expect(json.collections).toEqual([
      {
        name: 'projects',
        path: '/projects',
        schema: 'Project',
        id: 'id',
        parent: null,
        unique: ['name'],
        count: 20,
      },
      {
        name: 'tasks',
        path: '/projects/{project_id}/tasks',
        schema: 'Task',
        id: 'id',
        parent: 'projects',
        unique: [],
        count: 60,
      },
    ]);
    expect(json.operations).toContainEqual({
      operationId: 'deleteTask',
      method: 'DELETE',
      path: '/projects/{project_id}/tasks/{task_id}',
      served_by: 'item',
    });
    expect(json.notes).toEqual(model.notes);
    expect(json.notes).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { Faker, base, en, generateMersenne53Randomizer } from '../../src/data/faker.ts';
import { inferResources } from '../../src/resources/infer.ts';
import { samplePattern } from '../../src/resources/pattern-sample.ts';
import { SchemaReader } from '../../src/resources/schema.ts';
import { ResourceSeeder } from '../../src/resources/seed.ts';
import { doc, json, ok, pathParam, ref } from '../support/resource-docs.ts';

const WORKSPACE = {
  type: 'object',
  required: ['id', 'name', 'slug'],
  properties: {
    id: { type: 'string', format: 'uuid', readOnly: true },
    name: { type: 'string' },
    slug: { type: 'string', pattern: '^[a-z][a-z0-9-]{2,20}$', 'x-unique': true },
    plan: { type: 'string', enum: ['free', 'team', 'enterprise'] },
    seats: { type: 'integer', minimum: 1, maximum: 50 },
    owner_id: { type: 'string', format: 'uuid' },
    website: { type: 'string', format: 'uri' },
    host: { type: 'string', format: 'hostname' },
    ip: { type: 'string', format: 'ipv4' },
    contact_email: { type: 'string', format: 'email' },
    founded: { type: 'string', format: 'date' },
    description: { type: 'string', maxLength: 30 },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
  },
};
const PROJECT = {
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    workspace_id: { type: 'string', format: 'uuid' },
    title: { type: 'string' },
    created_by: { type: 'string', format: 'uuid' },
  },
};

function workspacesDoc(): ReturnType<typeof doc> {
  return doc(
    {
      '/workspaces': {
        get: { operationId: 'listWorkspaces', ...ok({ type: 'array', items: ref('Workspace') }) },
        post: {
          operationId: 'createWorkspace',
          requestBody: json(ref('Workspace')),
          ...ok(ref('Workspace'), '201'),
        },
      },
      '/projects': {
        get: {
          operationId: 'listProjects',
          'x-mock-count': 5,
          ...ok({ type: 'array', items: ref('Project') }),
        },
      },
      '/projects/{id}': {
        get: { operationId: 'getProject', parameters: [pathParam('id')], ...ok(ref('Project')) },
      },
    },
    { Workspace: WORKSPACE, Project: PROJECT },
  );
}

function seedOf(seed: number, userIds = ['00000000-0000-4000-8000-000000000001']): ResourceSeeder {
  const d = workspacesDoc();
  return new ResourceSeeder(inferResources(d), new SchemaReader(d), { seed, userIds });
}

describe('seeding', () => {
  it('is the same for the same seed, different for another, and independent of the order collections are read', () => {
    const a = seedOf(42);
    const b = seedOf(42);
    b.entries('projects');
    expect(b.entries('workspaces')).toEqual(a.entries('workspaces'));
    expect(a.entries('projects')).toEqual(b.entries('projects'));
    expect(seedOf(43).entries('workspaces')).not.toEqual(a.entries('workspaces'));
  });

  it('follows formats, enums, bounds, readable patterns, x-unique and x-mock-count', () => {
    const workspaces = seedOf(42)
      .entries('workspaces')
      .map((e) => e.record);
    expect(workspaces).toHaveLength(20);
    const slugs = new Set<unknown>();
    for (const w of workspaces) {
      expect(w.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(['free', 'team', 'enterprise']).toContain(w.plan);
      expect(w.seats).toBeGreaterThanOrEqual(1);
      expect(w.seats).toBeLessThanOrEqual(50);
      expect(w.slug).toMatch(/^[a-z][a-z0-9-]{2,20}$/);
      slugs.add(w.slug);
      expect(w.website).toMatch(/^https?:\/\/\S+$/);
      expect(w.host).toMatch(/^[a-z0-9.-]+\.[a-z]+$/);
      expect(w.ip).toMatch(/^\d{1,3}(\.\d{1,3}){3}$/);
      expect(w.contact_email).toMatch(/^[^@\s]+@[^@\s]+$/);
      expect(w.founded).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(String(w.description).length).toBeLessThanOrEqual(30);
      expect(Date.parse(String(w.created_at))).toBeLessThanOrEqual(Date.parse(String(w.updated_at)));
      expect(Date.parse(String(w.updated_at))).toBeLessThanOrEqual(Date.parse('2026-01-01T00:00:00Z'));
      expect(typeof w.name).toBe('string');
    }
    expect(slugs.size).toBe(20);
    expect(seedOf(42).entries('projects')).toHaveLength(5);
  });

  it('points references by name at the records they name: workspace_id, created_by, and numbers integer ids', () => {
    const seeder = seedOf(42);
    const workspaceIds = new Set(seeder.entries('workspaces').map((e) => e.record.id));
    const projects = seeder.entries('projects').map((e) => e.record);
    expect(projects.map((p) => p.id)).toEqual([1, 2, 3, 4, 5]);
    for (const p of projects) {
      expect(workspaceIds).toContain(p.workspace_id);
      expect(p.created_by).toBe('00000000-0000-4000-8000-000000000001');
    }
  });

  it('seeds a nested collection per parent record, each child naming its parent', () => {
    const task = {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        project_id: { type: 'string' },
        title: { type: 'string' },
      },
    };
    const d = doc({
      '/projects': { get: { operationId: 'l', 'x-mock-count': 4, ...ok({ type: 'array', items: PROJECT }) } },
      '/projects/{project_id}/tasks': {
        get: {
          operationId: 't',
          parameters: [pathParam('project_id')],
          'x-mock-count': 2,
          ...ok({ type: 'array', items: task }),
        },
      },
    });
    const seeder = new ResourceSeeder(inferResources(d), new SchemaReader(d), { seed: 1 });
    const tasks = seeder.entries('tasks');
    expect(tasks).toHaveLength(8);
    expect(tasks.map((t) => t.record.project_id)).toEqual(['1', '1', '2', '2', '3', '3', '4', '4']);
    expect(tasks.map((t) => t.parent)).toEqual(['1', '1', '2', '2', '3', '3', '4', '4']);
  });
});

describe('patterns a generator can read', () => {
  const faker = new Faker({ locale: [en, base], randomizer: generateMersenne53Randomizer(5) });
  const pick = (n: number): number => faker.number.int({ min: 0, max: n - 1 });
  it.each([
    '^[a-z0-9][a-z0-9._-]{2,63}$',
    '^ws-\\d{2}$',
    '^[A-Z]{3}-[0-9]{4}$',
    'ab?c+d*',
    '^\\w+@example\\.com$',
    '^[a-f0-9]{8}$',
  ])('samples %s', (pattern) => {
    for (let i = 0; i < 20; i++) expect(samplePattern(pattern, pick)).toMatch(new RegExp(pattern));
  });
  it.each(['^(a|b)$', '^[^a]+$', '(?=x)y', '^\\p{L}+$'])('leaves %s to the example or type', (pattern) => {
    expect(samplePattern(pattern, pick)).toBeUndefined();
  });
});

/**
 * Vitest's order of test files: the files that spend most of their time waiting (npm installs, Chromium, spawned
 * servers and CLIs, Pact's verifier) start first, so the rest of the suite runs beside them on the other workers
 * instead of after them. Everything else keeps Vitest's own order (slowest known first, larger first when new).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Paths (relative to the repository, `/`-separated) that start first, in this order. */
const WAITING_FIRST: readonly RegExp[] = [
  /^test\/examples\.test\.ts$/,
  /^test\/package\//,
  /^test\/browser\//,
  /^test\/cli[^/]*\.test\.ts$/,
  /^test\/drift-cli\.test\.ts$/,
  /^test\/contract\//,
  /^test\/readme\.test\.ts$/,
];

function rank(spec: TestSpecification): number {
  const path = spec.moduleId
    .slice(spec.project.config.root.length + 1)
    .split('\\')
    .join('/');
  const index = WAITING_FIRST.findIndex((pattern) => pattern.test(path));
  return index < 0 ? WAITING_FIRST.length : index;
}

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const position = new Map(sorted.map((spec, i) => [spec, i]));
    return sorted.sort((a, b) => rank(a) - rank(b) || (position.get(a) ?? 0) - (position.get(b) ?? 0));
  }
}

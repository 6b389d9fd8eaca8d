/**
 * Vitest global setup: builds the console and the API reference's scripts (`npm run build:console`) once before
 * any test, so that the tests serve what a built package serves.
 */
import { buildConsole } from '../../src/console/build.ts';

export default async function setup(): Promise<void> {
  await buildConsole();
}

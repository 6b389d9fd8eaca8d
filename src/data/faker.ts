/**
 * The parts of faker that seeding uses, from one module. `npm run build` replaces its compiled form with an esbuild
 * bundle of this file (scripts/bundle-faker.js): faker's root module loads all of its ~70 locales, which costs
 * every start of the built bin about a tenth of a second and ~28 MB, where seeding uses six of them. From the
 * sources (tests, scripts) it is a plain re-export.
 *
 * The command's bundle (scripts/bundle-bin.js) loads it only when something is seeded: there, `loadFaker()` loads it
 * and must be awaited first (a start at the default data reads it seeded ahead, `prebuilt-dataset.ts`). Here,
 * where it is loaded with its importers, `loadFaker()` has nothing to do.
 */
export function loadFaker(): Promise<void> {
  return Promise.resolve();
}
export { Faker, base, de, en, es, fr, generateMersenne53Randomizer, pl, pt_BR } from '@faker-js/faker';
export type { LocaleDefinition, Randomizer } from '@faker-js/faker';

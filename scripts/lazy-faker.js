// The esbuild plugin both bundles use (scripts/bundle-bin.js for the command, scripts/build-msw.ts for the page):
// src/data/faker.ts evaluated only by `loadFaker()`, in a chunk (or a function) of its own. Until then its exports
// are stand-ins that say so when called: seeding another dataset and a document's collections await it first.

/**
 * @param {string} fakerPath the absolute path of src/data/faker.ts
 * @param {string} notLoadedMessage what a stand-in says when called before `loadFaker()`
 * @returns {import('esbuild').Plugin}
 */
export function lazyFaker(fakerPath, notLoadedMessage) {
  return {
    name: 'lazy-faker',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /\/faker\.ts$/ }, (args) =>
        args.namespace === 'lazy-faker' ? { path: fakerPath } : { path: 'faker', namespace: 'lazy-faker' },
      );
      pluginBuild.onLoad({ filter: /.*/, namespace: 'lazy-faker' }, () => ({
        contents: `
function notLoaded() {
  throw new Error(${JSON.stringify(notLoadedMessage)});
}
export let Faker = notLoaded, generateMersenne53Randomizer = notLoaded, base, de, en, es, fr, pl, pt_BR;
export async function loadFaker() {
  if (Faker !== notLoaded) return;
  ({ Faker, generateMersenne53Randomizer, base, de, en, es, fr, pl, pt_BR } = await import(${JSON.stringify(fakerPath)}));
}`,
        loader: 'js',
      }));
    },
  };
}

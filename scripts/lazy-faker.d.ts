import type { Plugin } from 'esbuild';

/** The lazy-faker esbuild plugin (scripts/lazy-faker.js), for the scripts written in TypeScript. */
export function lazyFaker(fakerPath: string, notLoadedMessage: string): Plugin;

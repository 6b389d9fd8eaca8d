#!/usr/bin/env node
// The `identity-mock` command (docs/running.md). V8 grows the heap by up to 4x the live data after each full GC and
// keeps what it grew into; growing by 25% instead holds a 100 000-user mock under load near 310 MB for a few percent
// of throughput (docs/performance.md). The flag is read at every GC, so setting it here, before any load, works.
//
// The command itself is one CommonJS bundle beside this file (scripts/bundle-bin.js), run with V8's code cache
// (`cached-bundle.ts`); the build names the bundle's content hash here.
import { setFlagsFromString } from 'node:v8';
import { runCachedBundle } from './cached-bundle.ts';

declare const COMMAND_BUNDLE_HASH: string;

setFlagsFromString('--heap-growing-percent=25');
// Source maps are not turned on here: reading the map of every module loaded was a tenth of a start. A stack trace
// names the built files (dist/), whose maps ship beside them: `NODE_OPTIONS=--enable-source-maps` maps it back.
runCachedBundle(new URL('./identity-mock.cjs', import.meta.url), COMMAND_BUNDLE_HASH);

#!/usr/bin/env node
// The `identity-mock` command (docs/running.md). V8 grows the heap by up to 4x the live data after each full GC and
// keeps what it grew into; growing by 25% instead holds a 100 000-user mock under load near 310 MB for a few percent
// of throughput (README "Performance"). The flag is read at every GC, so setting it here, before any load, works.
import * as nodeModule from 'node:module';
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--heap-growing-percent=25');
// Node 22.1 and later keep V8's compiled code of the bundle on disk (in the system's temporary directory), so a
// later start skips most of its parse; Node 20 has no such cache and goes on without.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// Source maps are not turned on here: reading the map of every module loaded was a tenth of a start. A stack trace
// names the built files (dist/), whose maps ship beside them: `NODE_OPTIONS=--enable-source-maps` maps it back.
await import('../cli.ts');

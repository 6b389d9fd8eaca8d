#!/usr/bin/env node
// The `identity-mock` command: runs src/cli.ts through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
await import('../cli.ts');

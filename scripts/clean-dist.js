// `npm run build:clean`: removes dist/, so a source file deleted or renamed leaves no stale module behind.
import { rmSync } from 'node:fs';

rmSync(new URL('../dist/', import.meta.url), { recursive: true, force: true });

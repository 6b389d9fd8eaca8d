/**
 * The console's browser scripts (src/console/ui/) type-check against the DOM, in a program of their own so that
 * DOM types never leak into the Node code.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

it('src/console/ui type-checks with its own tsconfig.json', () => {
  const configPath = fileURLToPath(new URL('../../src/console/ui/tsconfig.json', import.meta.url));
  const read = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(configPath));
  expect(parsed.fileNames.length).toBeGreaterThan(0);
  const program = ts.createProgram(parsed.fileNames, { ...parsed.options, noEmit: true });
  const problems = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(problems).toEqual([]);
});

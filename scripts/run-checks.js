// Runs npm scripts side by side, as many at once as the machine has cores (two at least): `npm run lint` and
// `npm test` use it so that the type check, ESLint, Prettier, the spec linters, knip and the build share the cores
// instead of queueing. Each script's output is printed whole when it ends, with its time; the exit code is 1 when
// any failed, and the failures are named last.
//   node scripts/run-checks.js <script> [<script> ...]   (longest first: they start in the order given)
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
const slots = Math.max(2, availableParallelism());
const npm = process.env.npm_execpath;
const failed = [];

/** Runs one npm script, its output kept until it ends. */
function run(name) {
  const started = Date.now();
  const [command, args] =
    npm === undefined ? ['npm', ['run', '-s', name]] : [process.execPath, [npm, 'run', '-s', name]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let ended = false;
    const done = (code) => {
      if (ended) return;
      ended = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n> ${name} (${seconds} s)${code === 0 ? '' : ` failed, exit ${code}`}\n`);
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) failed.push(name);
      resolve();
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

const queue = [...scripts];
async function worker() {
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) await run(name);
}
await Promise.all(Array.from({ length: Math.min(slots, queue.length) }, worker));

if (failed.length > 0) {
  process.stderr.write(`\nfailed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}

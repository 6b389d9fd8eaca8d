// `npm run contracts:publish`: publishes contracts/ to a Pact Broker with pact-broker (README, "Contracts");
// exit 2 when the broker settings are missing, 1 when publishing fails.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { gitInfo, publishArgs, PublishConfigError, redactedArgs } from '../src/adapters/pact/publish.ts';

try {
  const args = publishArgs(process.env, gitInfo(process.env));
  const bin = fileURLToPath(new URL('../node_modules/.bin/pact-broker', import.meta.url));
  console.log(`pact-broker ${redactedArgs(args).join(' ')}`);
  const result = spawnSync(bin, args, { stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = error instanceof PublishConfigError ? 2 : 1;
}

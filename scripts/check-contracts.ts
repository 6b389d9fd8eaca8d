// `npm run contracts:check [DIR]`: every interaction of the pact files in DIR (contracts/ by default) against
// spec/openapi.yaml; exit 1 when any disagrees.
import { createContractChecker } from '../src/contracts/check.ts';
import { CONTRACTS_DIR, pactFilesIn, readPact } from '../src/adapters/pact/pact-files.ts';

const checker = createContractChecker();
const files = pactFilesIn(process.argv[2] ?? CONTRACTS_DIR);
const problems = files.flatMap((file) => checker.check(readPact(file)).map((p) => `${file}: ${p}`));
for (const problem of problems) console.error(problem);
console.log(`${files.length} pact file(s), ${problems.length} problem(s) against spec/openapi.yaml`);
process.exitCode = problems.length === 0 ? 0 : 1;

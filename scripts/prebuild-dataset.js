// `npm run build:dataset`: seeds the default dataset with the built code and writes it to
// dist/data/default-dataset.json, which a start at the default seed and size reads instead of seeding
// (src/data/prebuilt-dataset.ts).
import { writeFileSync } from 'node:fs';
import { DEFAULTS } from '../dist/config.js';
import { PREBUILT_DATASET_URL, prebuiltFile } from '../dist/data/prebuilt-dataset.js';
import { seedDataset } from '../dist/data/seed.js';

const options = { seed: DEFAULTS.seed, users: DEFAULTS.users };
writeFileSync(PREBUILT_DATASET_URL, `${JSON.stringify(prebuiltFile(options, seedDataset(options)))}\n`);

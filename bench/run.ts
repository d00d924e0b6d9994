// `npm run bench`: each benchmark prints ratios against a peer measured side by side in this run
// (never absolute thresholds: these machines are shared and noisy).
import { benchValidateOverhead } from './validate-overhead.js';

const only = process.argv[2];
const benches: Record<string, () => Promise<void>> = {
  'validate-overhead': benchValidateOverhead,
};

for (const [name, run] of Object.entries(benches)) {
  if (only && name !== only) continue;
  console.log(`\n## ${name}`);
  await run();
}

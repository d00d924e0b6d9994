// `npm run bench [name]`: each benchmark prints ratios against a peer measured side by side in this
// run (never absolute thresholds: these machines are shared and noisy).
const benches: Record<string, () => Promise<unknown>> = {
  'validate-overhead': async () => (await import('./validate-overhead.js')).benchValidateOverhead(),
  table: async () => (await import('./table.js')).benchTable(),
  'fixture-jobs': async () => (await import('./fixture-jobs.js')).benchFixtureJobs(),
  image: async () => (await import('./image.js')).benchImage(),
  audio: async () => (await import('./audio.js')).benchAudio(),
  pdf: async () => (await import('./pdf.js')).benchPdf(),
  serve: async () => (await import('./serve.js')).benchServe(),
  'many-tools': async () => (await import('./many-tools.js')).benchManyTools(),
  lint: async () => (await import('./lint.js')).benchLint(),
  'fixture-load': async () => (await import('./fixture-load.js')).benchFixtureLoad(),
  'python-json': async () => (await import('./python-json.js')).benchPythonJson(),
  levenshtein: async () => (await import('./levenshtein.js')).benchLevenshtein(),
  explore: async () => (await import('./explore.js')).benchExplore(),
  containment: async () => (await import('./containment.js')).benchContainment(),
  scaling: async () => (await import('./scaling.js')).benchScaling(),
};

const only = process.argv[2];
if (only && !benches[only]) {
  console.error(`unknown benchmark '${only}'; one of: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
for (const [name, run] of Object.entries(benches)) {
  if (only && name !== only) continue;
  console.log(`\n## ${name}`);
  await run();
}

import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { comparatorFor } from '../comparators/index.js';
import { listFixtureFiles, loadFixtures } from '../reference/load.js';
import { runFixtures } from '../reference/run-fixtures.js';
import { selectFixtures } from '../reference/select.js';
import { loadTolerance } from '../tolerance/load.js';
import { memoryLimitMb } from '../validation/timeouts.js';
import type { Check, CheckOutcome } from './types.js';

function problemLine(p: { file?: string; line?: number; path?: string; message: string }): string {
  return `${p.file ?? ''}${p.line ? ` line ${p.line}` : ''}${p.path ? ` (${p.path})` : ''}: ${p.message}`;
}

export const referenceFixtures: Check = {
  number: 12,
  name: 'reference_fixtures_match',
  requires: [6],
  async run({ toolDir, state, options }): Promise<CheckOutcome> {
    const manifest = state.manifest!;
    const referenceDir = path.join(toolDir, 'reference');
    if (!existsSync(referenceDir) || !statSync(referenceDir).isDirectory()) return { status: 'skip', message: 'no reference/ folder; check skipped' };
    const tolerance = loadTolerance(referenceDir, { outputs: manifest.outputs, comparatorFor });
    const loaded = loadFixtures(referenceDir, { manifest, comparatorFor });
    // with --fixture, a broken fixture file that was not asked for does not block the ones that were
    const chosen = options.fixture?.length
      ? new Set(selectFixtures(listFixtureFiles(referenceDir).map((file) => ({ file, tags: [] as string[] })), { fixture: options.fixture }).selected.map((f) => `reference/${f.file}`))
      : null;
    const problems = [...tolerance.problems, ...loaded.problems.filter((p) => !chosen || chosen.has(p.file ?? ''))];
    if (problems.length) {
      return { status: 'fail', message: `${problems.length} problem(s) in reference files; no fixture was run: ${problemLine(problems[0]!)}`, details: problems.map(problemLine).join('\n') };
    }
    if (loaded.fixtures.length === 0) return { status: 'skip', message: 'reference/ has no fixture_*.json files' };
    const { selected, unmatched } = selectFixtures(loaded.fixtures, { fixture: options.fixture, tag: options.tag });
    if (unmatched.length) {
      return { status: 'fail', message: `--fixture ${unmatched.map((u) => `'${u}'`).join(', ')} matched no fixture`, details: `fixtures in reference/: ${loaded.fixtures.map((f) => f.file).join(', ')}` };
    }
    if (selected.length === 0) {
      return { status: 'skip', message: `no fixtures matched${options.tag?.length ? ` tag(s) ${options.tag.join(', ')}` : ' the selection'}` };
    }
    options.onProgress?.({ kind: 'fixtures-total', tool_id: state.toolId, total: selected.length });
    const runs = await runFixtures(selected, {
      manifest,
      client: state.tool!.client,
      tolerance: tolerance.config,
      jobs: options.jobs,
      errors: state.errors,
      onFixtureDone: (r) => options.onProgress?.({ kind: 'fixture-end', tool_id: state.toolId, file: r.file, status: r.status, message: r.message }),
    });
    state.fixtures = runs.map((r) => r.result);
    state.fixtureRuns = runs;
    const results = state.fixtures;
    const failed = results.filter((r) => r.status === 'fail').length;
    const skipped = results.filter((r) => r.status === 'skip').length;
    const passed = results.filter((r) => r.status === 'pass').length;
    const warned = results.filter((r) => r.status === 'warn').length;
    const degraded = results.flatMap((r) => r.outputs).filter((o) => o.degraded);
    const notes: string[] = [];
    const peak = state.tool!.peakMemoryMb();
    if (peak !== null && peak > memoryLimitMb(manifest)) {
      return { status: 'fail', message: `the tool used ${peak.toFixed(0)} MiB of resident memory while running fixtures, above max_memory_mb ${memoryLimitMb(manifest)}` };
    }
    if (failed) {
      return { status: 'fail', message: `${failed} of ${results.length} fixture(s) failed (${passed} passed, ${skipped} skipped)` };
    }
    if (degraded.length) {
      const packages = [...new Map(degraded.map((o) => [o.degraded!.package, o.degraded!])).values()];
      notes.push(...packages.map((d) => `${d.package} could not be loaded, so ${degraded.filter((o) => o.degraded!.package === d.package).length} comparison(s) fell back to size + SHA-256; install it with: ${d.install}`));
      const differing = degraded.filter((o) => o.status !== 'pass').length;
      return { status: 'warn', message: `${degraded.length} comparison(s) fell back to size + SHA-256 because ${packages.map((p) => p.package).join(', ')} could not be loaded${differing ? ` (${differing} with different bytes, not judged)` : ''}; ${passed} fixture(s) matched`, details: notes.join('\n') };
    }
    if (passed + warned === 0 && skipped > 0) {
      return { status: 'warn', message: `all ${skipped} fixture(s) skipped`, details: results.map((r) => `${r.file}: ${r.message}`).join('\n') };
    }
    if (warned) {
      return { status: 'warn', message: `${passed + warned} fixture(s) matched; ${warned} with warnings${skipped ? `; ${skipped} skipped` : ''}`, details: results.filter((r) => r.status === 'warn').map((r) => `${r.file}: ${r.message}`).join('\n') };
    }
    return { status: 'pass', message: `${passed} fixture(s) matched${skipped ? `; ${skipped} skipped` : ''}` };
  },
};

// Check 12: replay the reference fixtures against the running tool (docs/fixtures.md). This file
// gathers what the verdict needs (load problems, the selection, the results); reference/verdict.ts
// decides.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { finding, type Finding } from '../model/finding.js';
import { excerptList } from '../source/excerpt.js';
import { changedSince } from '../source/folder-seal.js';
import type { CheckName, CheckResult } from '../model/report.js';
import { listFixtureFiles } from '../reference/load.js';
import { readReference } from '../reference/read-reference.js';
import { uncoveredOutputs } from '../reference/coverage.js';
import { runFixtures } from '../reference/run-fixtures.js';
import { selectFixtures } from '../reference/select.js';
import { strayReferenceFiles } from '../reference/stray-files.js';
import { fixturesVerdict } from '../reference/verdict.js';
import { withProjectDefaults } from '../tolerance/resolve.js';
import { memoryLimitMb } from '../tool/timeouts.js';
import type { MessageTable } from '../util/message-table.js';
import { beginShutdown } from './clean-shutdown.js';
import type { Check, CheckContext, CheckOutcome } from './types.js';
import { pushAll } from '../util/push-all.js';

/** pixie's own files in reference/: its update lock and the temporary files of its writes. */
const PIXIE_OWN = /(^|\/)(\.pixie-update\.lock|\.[^/]*\.pixie-\d+-[0-9a-f]+\.tmp)$/;

/** What the tool wrote into reference/ since it started (a tool that rewrites its fixtures would pass them). */
function writtenByTool(state: CheckContext['state']): Finding[] {
  const changed = state.referenceSeal ? changedSince(state.referenceSeal, (rel) => PIXIE_OWN.test(rel)) : [];
  if (!changed.length) return [];
  const files = excerptList(changed.map((rel) => (rel === '.' ? 'reference/' : `reference/${rel}`)));
  return [
    finding('reference-written', {
      file: changed[0] === '.' ? 'reference' : `reference/${changed[0]}`,
      message: `the tool wrote into its reference/ folder while it ran (${files}): fixtures compared with what the tool wrote prove nothing`,
      fix: 'a tool must never write into reference/; write scratch files to a temporary folder (os.tmpdir(), tempfile)',
    }),
  ];
}

const messages = {
  checkFailed: (n: number, name: string, message: string) => `check ${n} ${name} failed: ${message}`,
  earlierCheck: () => 'an earlier check did not pass',
  notStarted: (why: string) => `could not start the tool for the fixtures: ${why}`,
  incoherent: (why: string) => `the fixtures cannot be judged against tool.json: ${why}`,
  noReference: () => 'no reference/ folder; check skipped',
  noFixtures: () => 'reference/ has no fixture_*.json files',
  available: (files: string[]) => `fixtures in reference/: ${files.join(', ')}`,
  unmatched: (tokens: string[]) => `--fixture ${tokens.map((u) => `'${u}'`).join(', ')} matched no fixture`,
  noneSelected: (tags: string[] | undefined, fixtures: string[] | undefined) =>
    `no fixture matched${tags?.length ? ` --tag ${tags.join(', ')}` : ''}${fixtures?.length ? ` --fixture ${fixtures.join(', ')}` : ''}`,
  tags: (tags: string[], available: string) =>
    `tags in reference/: ${tags.length ? tags.join(', ') : '(none)'}; ${available}`,
  overMemory: (peak: number, limit: number) =>
    `the tool used ${peak.toFixed(0)} MiB of resident memory while running fixtures, above max_memory_mb ${limit}`,
} satisfies MessageTable;

function verdict(
  ctx: CheckContext,
  findings: Finding[],
  fixtures: CheckContext['state']['fixtures'] = [],
): CheckOutcome {
  return fixturesVerdict({
    findings: [...writtenByTool(ctx.state), ...findings, ...strayReferenceFiles(ctx.toolDir)],
    fixtures,
    strict: Boolean(ctx.options.strict),
    toolName: ctx.options.toolRef ?? path.basename(ctx.toolDir),
  });
}

/** The checks that start the tool (check 6 and what it requires). */
const START_CHECKS: readonly CheckName[] = ['folder_structure', 'tool_json_parses', 'runtime_ready', 'tool_spawns'];

/** Why the tool could not be started, from the first start-up check that failed. */
function startFailure(results: ReadonlyMap<string, CheckResult>): string {
  const failed = [...results.values()].find((r) => r.status === 'fail' && START_CHECKS.includes(r.name));
  return failed ? messages.checkFailed(failed.number, failed.name, failed.message) : messages.earlierCheck();
}

/** Under --reference-only, where check 3 is not shown: its failure, which the fixtures cannot pass over. */
function incoherence(ctx: CheckContext): Finding | null {
  const coherent = ctx.results.get('schemas_coherent');
  if (!ctx.options.referenceOnly || coherent?.status !== 'fail') return null;
  return finding('incoherent-manifest', {
    file: 'tool.json',
    message: messages.incoherent(messages.checkFailed(coherent.number, coherent.name, coherent.message)),
  });
}

export const referenceFixtures: Check = {
  name: 'reference_fixtures_match',
  phase: 'fixtures',
  requires: ['tool_spawns'],
  messages,
  whenUnmet(ctx) {
    // under --reference-only the fixtures are the whole run, so a tool that cannot start fails it
    if (!ctx.options.referenceOnly) return null;
    const incoherent = incoherence(ctx);
    return verdict(ctx, [
      ...(incoherent ? [incoherent] : []),
      finding('tool-not-started', { message: messages.notStarted(startFailure(ctx.results)) }),
    ]);
  },
  async run(ctx): Promise<CheckOutcome> {
    const incoherent = incoherence(ctx);
    if (incoherent) return verdict(ctx, [incoherent]);
    const { toolDir, state, options } = ctx;
    const manifest = state.manifest!;
    const referenceDir = path.join(toolDir, 'reference');
    if (!existsSync(referenceDir) || !statSync(referenceDir).isDirectory()) {
      return verdict(ctx, [finding('no-fixtures', { message: messages.noReference() })]);
    }
    const { tolerance, loaded } =
      state.referenceRead ??
      readReference(referenceDir, manifest, Object.keys(options.project?.comparators?.modules ?? {}));
    state.referenceRead = undefined;
    // loading a large fixture holds the event loop: let it see what the tool did meanwhile (a kept-alive
    // connection closed) before the first request goes out
    await new Promise((resolve) => setImmediate(resolve));
    // with --fixture, a broken fixture file that was not asked for does not block the ones that were
    const chosen = options.fixture?.length
      ? new Set(
          selectFixtures(
            listFixtureFiles(referenceDir).map((file) => ({ file, tags: [] as string[] })),
            { fixture: options.fixture },
          ).selected.map((f) => `reference/${f.file}`),
        )
      : null;
    const problems = [...tolerance.problems, ...loaded.problems.filter((p) => !chosen || chosen.has(p.file ?? ''))];
    // only errors stop the run; warnings (a required input left out) go to the verdict after it
    if (problems.some((p) => p.severity === 'error')) return verdict(ctx, problems);
    state.valueChars = tolerance.config.options.truncate_diff_chars;
    if (loaded.fixtures.length === 0)
      return verdict(ctx, [finding('no-fixtures', { file: 'reference', message: messages.noFixtures() })]);
    const { selected, unmatched } = selectFixtures(loaded.fixtures, { fixture: options.fixture, tag: options.tag });
    const available = messages.available(loaded.fixtures.map((f) => f.file));
    // under --all a token may name another tool's fixture; only an empty selection counts there
    if (unmatched.length && !options.filterAcrossTools) {
      return verdict(ctx, [
        finding('fixture-not-found', {
          message: messages.unmatched(unmatched),
          fix: available,
        }),
      ]);
    }
    if (selected.length === 0) {
      const tags = [...new Set(loaded.fixtures.flatMap((f) => f.tags))].sort();
      return verdict(ctx, [
        finding('no-fixture-selected', {
          message: messages.noneSelected(options.tag, options.fixture),
          fix: options.tag?.length ? messages.tags(tags, available) : available,
        }),
      ]);
    }
    options.onProgress?.({ kind: 'fixtures-total', tool_id: state.toolId, total: selected.length });
    state.fixtures = await runFixtures(selected, {
      manifest,
      client: state.tool!.client,
      tolerance: withProjectDefaults(tolerance.config, options.project?.tolerances),
      projectComparators: options.project?.comparators,
      passEnv: options.project?.passEnv,
      jobs: options.jobs,
      repeat: options.repeat,
      errors: state.errors,
      valueCap: state.valueCap,
      updateValues: options.updateValues,
      onFailingOutputs: options.onFailingOutputs,
      // nothing asks the tool anything after the last answer: it stops while the comparisons finish
      onAllAnswered: state.stopAfterFixtures ? () => beginShutdown(state).catch(() => undefined) : undefined,
      onFixtureDone: (r) =>
        options.onProgress?.({
          kind: 'fixture-end',
          tool_id: state.toolId,
          file: r.file,
          status: r.status,
          message: r.message,
        }),
    });
    // warnings about fixtures that were not selected say nothing about this run
    const ran = new Set(selected.map((f) => `reference/${f.file}`));
    const findings: Finding[] = problems.filter((p) => !p.file?.startsWith('reference/fixture_') || ran.has(p.file));
    pushAll(findings, uncoveredOutputs(manifest, loaded.fixtures, options.toolRef ?? path.basename(toolDir)));
    // once the shutdown has begun (the last request answered), it measured the peak
    const peak = state.shutdown ? state.peakMemoryMb : state.tool!.peakMemoryMb();
    if (peak !== null && peak > memoryLimitMb(manifest)) {
      findings.push(
        finding('memory-limit', {
          file: 'tool.json',
          path: 'max_memory_mb',
          message: messages.overMemory(peak, memoryLimitMb(manifest)),
        }),
      );
    }
    return verdict(ctx, findings, state.fixtures);
  },
};

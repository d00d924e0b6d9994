// pixie-validator/vitest (docs/api.md): a tool's contract checks and reference fixtures as ordinary
// Vitest tests. The tool starts once per describe block (beforeAll) and is always stopped (afterAll);
// one test per fixture, named by its file so `vitest -t basic` runs fixture_basic.json alone; a
// failure prints the same per-output lines as `pixie validate`.
import path from 'node:path';
import pc from 'picocolors';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { ProjectLookup } from '../api/validate.js';
import { comparatorFor } from '../comparators/index.js';
import { discoverTools, resolveTool } from '../project/discover.js';
import { loadProject } from '../project/project.js';
import { loadFixtures } from '../reference/load.js';
import { toolsMatching } from '../reference/matching-tools.js';
import { selectFixtures } from '../reference/select.js';
import { findingLine } from '../model/finding.js';
import type { CheckResult } from '../model/report.js';
import { fixtureLines } from '../report/renderers/pretty.js';
import { loadManifest } from '../tool/manifest.js';
import { runTimeoutMs } from '../tool/timeouts.js';
import { validateOptionsFor } from '../workflows/options.js';
import { ValidationRun } from '../workflows/validation-run.js';

export interface DescribeToolOptions extends ProjectLookup {
  /** fixture selectors as for --fixture (path, file name, bare name or glob) */
  fixture?: string[];
  tag?: string[];
  /** add a `contract` test for checks 1–11 (default true) */
  contract?: boolean;
  /** fixtures also fail on warnings, as with --strict */
  strict?: boolean;
  /** seconds the tool may take to answer /healthz, over tool.json and the config */
  startupTimeout?: number;
}

const plain = pc.createColors(false);
/** headroom for Vitest's own timeouts over pixie's deadlines, which fail the check first */
const MARGIN_MS = 15_000;

function checkLines(results: readonly CheckResult[]): string {
  return results
    .map(
      (r) => `check ${r.number} ${r.name}: ${r.message}${r.details ? `\n  ${r.details.split('\n').join('\n  ')}` : ''}`,
    )
    .join('\n');
}

/** Registers a `describe` block for one tool: `contract`, then one test per selected fixture. */
export function describeTool(toolPathOrId: string, options: DescribeToolOptions = {}): void {
  const project = loadProject(options);
  const toolDir = resolveTool(toolPathOrId, project.toolsDir, options.cwd);
  const manifest = loadManifest(toolDir);
  const loaded = manifest.ok
    ? loadFixtures(path.join(toolDir, 'reference'), { manifest: manifest.manifest, comparatorFor })
    : { fixtures: [], problems: [] };
  const selected = selectFixtures(loaded.fixtures, options).selected;
  const filtered = Boolean(options.fixture?.length || options.tag?.length);
  const startupSeconds =
    options.startupTimeout ??
    (manifest.ok ? manifest.manifest.startup_timeout_seconds : undefined) ??
    project.config.limits.startup_timeout_seconds ??
    30;

  describe(`pixie ${path.basename(toolDir)}`, () => {
    let run: ValidationRun;
    let contractRan = false;
    const notStarted = () =>
      checkLines([...run.results.values()].filter((r) => r.status === 'fail')) || 'an earlier check did not pass';

    beforeAll(
      async () => {
        const request = { strict: options.strict, startupTimeout: options.startupTimeout };
        run = new ValidationRun(validateOptionsFor(project, request, toolDir));
        await run.startTool({ early: true });
      },
      startupSeconds * 1000 + MARGIN_MS,
    );

    afterAll(async () => {
      if (!run) return;
      const shutdown = contractRan && run.state.tool ? await run.shutdown() : null;
      await run.stop();
      if (shutdown?.status === 'fail') throw new Error(checkLines([shutdown]));
    }, 20_000);

    if (options.contract !== false) {
      it(
        'contract',
        async () => {
          await run.contract();
          contractRan = true;
          const failed = [...run.results.values()].filter((r) => r.phase === 'contract' && r.status === 'fail');
          if (failed.length) throw new Error(checkLines(failed));
        },
        // check 8 may run the sample twice (determinism), on top of what the other checks wait for
        manifest.ok ? 4 * runTimeoutMs(manifest.manifest) + MARGIN_MS : MARGIN_MS,
      );
    }

    if (loaded.problems.length) {
      it('reference files', () => {
        throw new Error(loaded.problems.map(findingLine).join('\n'));
      });
    }
    if (filtered && selected.length === 0 && manifest.ok) {
      it('fixture selection', () => {
        throw new Error(
          `no fixture matched${options.fixture?.length ? ` fixture ${options.fixture.join(', ')}` : ''}${options.tag?.length ? ` tag ${options.tag.join(', ')}` : ''}; fixtures: ${loaded.fixtures.map((f) => f.file).join(', ')}`,
        );
      });
    }

    for (const fixture of selected) {
      it(
        fixture.file,
        async () => {
          if (!run.state.tool) throw new Error(`the tool did not start:\n${notStarted()}`);
          const outcome = await run.fixtures(fixture.file);
          if (outcome.status !== 'fail') return;
          const result = run.state.fixtures.find((f) => f.file === fixture.file);
          // the fixture's lines as `pixie validate` prints them; without a result, the check's own sentence
          const lines = result
            ? fixtureLines(result, plain, '', run.state.valueChars)
            : [outcome.message, ...(outcome.details ? [outcome.details] : [])];
          throw new Error(lines.join('\n'));
        },
        // a repeated fixture's runs may go one after another (a tool with "concurrent": false)
        manifest.ok
          ? fixture.repeat * runTimeoutMs(manifest.manifest, fixture.validator_timeout_override) + MARGIN_MS
          : MARGIN_MS,
      );
    }
  });
}

/** describeTool for every tool in the project; with a filter, only the tools that have a matching fixture. */
export function describeTools(options: DescribeToolOptions = {}): void {
  const { dirs } = toolsMatching(discoverTools(loadProject(options).toolsDir), options);
  for (const toolDir of dirs) describeTool(toolDir, options);
}

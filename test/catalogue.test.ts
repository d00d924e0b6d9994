// The catalogue of tiny misbehaving tools (test/tools/): each breaks exactly one thing, and this
// table says which check must catch it, with which status and message. Every other check is held
// to what a healthy tool gets, so a tool that fails for the wrong reason (or a check that stops
// running after an unrelated failure) shows up here. Real processes, real HTTP on 127.0.0.1.
import path from 'node:path';
import { describe, it, type ExpectStatic } from 'vitest';
import { CHECKS } from '../src/checks/index.js';
import { runValidation } from '../src/workflows/validation-run.js';
import { overallOf, type Report, type Status } from '../src/model/report.js';
import { REPO_ROOT } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const TOOLS_DIR = path.join(REPO_ROOT, 'test', 'tools');

interface Expected {
  status: Status;
  message: RegExp;
  details?: RegExp;
}

interface Case {
  tool: string;
  /** checks whose outcome differs from a healthy tool's */
  checks: Record<number, Expected>;
  healthTimeoutMs?: number;
  /** anything else the report must show */
  also?: (report: Report, expect: ExpectStatic) => void;
}

/** What a healthy tool with no streaming output and no reference/ folder gets. */
const HEALTHY: Record<number, Expected> = {
  1: { status: 'pass', message: /present and readable/ },
  2: { status: 'pass', message: /^tool\.json is valid/ },
  3: { status: 'pass', message: /keys unique/ },
  4: { status: 'pass', message: /declares every imported package/ },
  5: { status: 'pass', message: /declared dependenc/ },
  6: { status: 'pass', message: /\/healthz returned 200 on port \d+/ },
  7: { status: 'pass', message: /^GET \/schema matches tool\.json$/ },
  8: { status: 'pass', message: /^POST \/run returned 200/ },
  9: { status: 'pass', message: /declared output\(s\) present and conformant/ },
  10: { status: 'skip', message: /^no outputs declared streaming$/ },
  11: { status: 'pass', message: /exited within 5 s of SIGTERM/ },
  12: { status: 'skip', message: /^no reference\/ folder/ },
};

const skippedBecause = (n: number): Expected => ({
  status: 'skip',
  message: new RegExp(`^skipped: check ${n} ${CHECKS[n - 1]!.name} did not pass$`),
});

/** Checks 7–12 when the tool never came up (check 6 failed or was skipped); 9 needs 8's response. */
const NOT_STARTED: Record<number, Expected> = {
  ...Object.fromEntries([7, 8, 10, 11, 12].map((n) => [n, skippedBecause(6)])),
  9: skippedBecause(8),
};

/** After check 2 fails: 3 and 6 need the manifest, and 7–12 need the running tool. */
const AFTER_BAD_MANIFEST: Record<number, Expected> = { 3: skippedBecause(2), 6: skippedBecause(2), ...NOT_STARTED };

const SHORT_HEALTH = 3000;

const CASES: Case[] = [
  // controls: the shared server, Python, streaming, and output noise pass everything
  { tool: 'good-node', checks: {} },
  { tool: 'good-python', checks: {} },
  {
    tool: 'good-streaming',
    checks: { 10: { status: 'pass', message: /well-formed SSE event\(s\) .* ending with done: true/ } },
  },
  { tool: 'schema-reformatted', checks: {} },
  { tool: 'child-in-group', checks: {} },
  {
    tool: 'python-noisy',
    checks: {},
    also: (r, expect) => {
      // only the tail of a chatty stderr is kept
      expect(r.spawn_log).not.toBeNull();
      expect(Buffer.byteLength(r.spawn_log!)).toBeLessThanOrEqual(64 * 1024);
      expect(r.spawn_log).toContain('LAST START-UP LINE');
      expect(r.spawn_log).not.toContain('noisy start-up line 00000');
    },
  },

  // 1 folder_structure
  {
    tool: 'no-tool-json',
    checks: {
      1: { status: 'fail', message: /^missing required files: tool\.json$/ },
      2: { status: 'skip', message: /^skipped: tool\.json is missing \(check 1\)$/ },
      4: skippedBecause(1),
      5: skippedBecause(1),
      ...AFTER_BAD_MANIFEST,
    },
  },
  {
    tool: 'missing-entrypoint',
    checks: {
      1: { status: 'fail', message: /^missing required files: server\.js$/ },
      4: skippedBecause(1),
      5: skippedBecause(1),
      6: skippedBecause(5),
      ...NOT_STARTED,
    },
  },

  // 2 tool_json_parses
  {
    tool: 'invalid-json',
    checks: {
      2: {
        status: 'fail',
        message:
          /^tool\.json is not valid JSON: .*line 13, column 3: trailing comma before '\]' — remove the comma after the last item \(line 12\)$/,
      },
      ...AFTER_BAD_MANIFEST,
    },
  },
  {
    tool: 'unknown-key',
    // the typo also makes 'label' missing: two issues, and the did-you-mean is in the details
    checks: {
      2: {
        status: 'fail',
        message: /failed schema validation \(2 issue\(s\)\)/,
        details: /line 29: unknown key 'lable' in \/outputs\/0 — did you mean 'label'\?/,
      },
      ...AFTER_BAD_MANIFEST,
    },
  },
  {
    tool: 'unknown-output-type',
    checks: {
      2: {
        status: 'fail',
        message: /line 33: unknown output type 'chart_lines' at \/outputs\/1\/type — did you mean 'chart_line'\?/,
      },
      ...AFTER_BAD_MANIFEST,
    },
  },
  {
    tool: 'wrong-field-type',
    checks: {
      2: {
        status: 'fail',
        message: /line 6: expected a whole number at \/max_runtime_seconds, got string "5" — remove the quotes: 5$/,
      },
      ...AFTER_BAD_MANIFEST,
    },
  },

  // 3 schemas_coherent: the tool still starts, so 6–11 all run
  { tool: 'duplicate-input-keys', checks: { 3: { status: 'fail', message: /duplicate input key: 'a'/ } } },
  {
    tool: 'show-if-missing-input',
    checks: { 3: { status: 'fail', message: /input 'b': show_if references missing key 'advanced'/ } },
  },
  {
    tool: 'hidden-without-default',
    checks: { 3: { status: 'fail', message: /input 'api_version': hidden inputs need a default/ } },
  },
  {
    tool: 'select-default-not-in-options',
    checks: { 3: { status: 'fail', message: /input 'rounding': default "cents" is not among the options/ } },
  },
  {
    tool: 'min-greater-than-max',
    checks: { 3: { status: 'fail', message: /input 'b': min 100 is greater than max 0/ } },
  },

  // 4 dependencies_declared and 5 runtime_ready
  {
    tool: 'undeclared-import',
    checks: {
      4: {
        status: 'fail',
        message:
          /^main\.js line 4: imports 'picocolors' but package\.json does not declare it; add it to "dependencies"$/,
      },
    },
  },
  // the original Pixie's src/ layout: modules reached through src/ and relative imports are the tool's own,
  // and the finding names the file that imports (an import under `if` is not optional)
  {
    tool: 'python-src-layout-undeclared',
    checks: {
      4: {
        status: 'fail',
        message:
          /^src\/catpkg\/helpers\.py line 5: imports 'yaml' but pyproject\.toml does not declare 'PyYAML', which provides it; add 'PyYAML' to \[project\]\.dependencies$/,
      },
    },
    also: (r, expect) =>
      expect(r.checks[3]!.findings?.map((f) => [f.code, f.severity, f.file, f.line])).toEqual([
        ['undeclared-import', 'error', 'src/catpkg/helpers.py', 5],
      ]),
  },
  {
    tool: 'dependency-not-installed',
    checks: {
      5: {
        status: 'fail',
        message: /^declared dependency 'pixie-catalogue-not-installed' not installed; run `npm install`/,
      },
      6: skippedBecause(5),
      ...NOT_STARTED,
    },
  },
  // npm goes on when an optional dependency does not install; imported inside try/catch, the tool runs without it
  {
    tool: 'optional-dependency-absent',
    checks: {
      4: {
        status: 'pass',
        message: /^package\.json declares every imported package \(pixie-catalogue-optional-absent\)$/,
        details:
          /^package\.json line 6: declares 'picocolors', which is installed but imported nowhere in the tool's code; remove it from package\.json unless something needs it at run time$/,
      },
      5: {
        status: 'pass',
        message:
          /; 1 declared dependency resolves; optionalDependencies 'pixie-catalogue-optional-absent' not installed, which npm allows \(the tool must run without it\)$/,
      },
    },
    also: (r, expect) =>
      expect(r.checks[3]!.findings?.map((f) => [f.code, f.severity, f.file, f.line])).toEqual([
        ['unused-dependency', 'info', 'package.json', 6],
      ]),
  },
  {
    tool: 'python-syntax-error',
    checks: {
      4: { status: 'fail', message: /^could not parse main\.py line 15: expected ':'$/ },
      6: {
        status: 'fail',
        message: /^tool failed to become healthy: the tool exited with code 1 during start-up$/,
        details: /SyntaxError/,
      },
      ...NOT_STARTED,
    },
  },

  // 6 tool_spawns
  {
    tool: 'crash-at-start',
    checks: {
      6: {
        status: 'fail',
        message: /^tool failed to become healthy: the tool exited with code 1 during start-up$/,
        details: /CATALOGUE_DATABASE_URL is not set/,
      },
      ...NOT_STARTED,
    },
    also: (r, expect) =>
      expect(r.spawn_log).toMatch(/Error: CATALOGUE_DATABASE_URL is not set; cannot open the rates database/),
  },
  {
    tool: 'never-healthy',
    healthTimeoutMs: SHORT_HEALTH,
    checks: {
      6: {
        status: 'fail',
        message:
          /\/healthz did not answer 200 within 3 s; the process is still running: it listens on port \d+, but \/healthz answered HTTP 503, not 200$/,
        details: /raise "startup_timeout_seconds" in tool\.json/,
      },
      ...NOT_STARTED,
    },
  },
  {
    tool: 'ignores-port',
    healthTimeoutMs: SHORT_HEALTH,
    checks: {
      6: {
        status: 'fail',
        message:
          /\/healthz did not answer 200 within 3 s; the process is still running: nothing listens on 127\.0\.0\.1:\d+ yet$/,
        details: /binds 127\.0\.0\.1 at the port given by --port \/ PORT/,
      },
      ...NOT_STARTED,
    },
  },
  {
    tool: 'binds-ipv6-only',
    healthTimeoutMs: SHORT_HEALTH,
    checks: {
      6: {
        status: 'fail',
        message:
          /\/healthz did not answer 200 within 3 s; the process is still running: nothing listens on 127\.0\.0\.1:\d+ yet$/,
        details: /127\.0\.0\.1/,
      },
      ...NOT_STARTED,
    },
  },
  {
    tool: 'exits-immediately',
    checks: {
      6: {
        status: 'fail',
        message: /the tool exited with code 0 during start-up$/,
        details: /returned at once without serving/,
      },
      ...NOT_STARTED,
    },
  },
  {
    tool: 'python-no-main-block',
    checks: {
      6: {
        status: 'fail',
        message: /the tool exited with code 0 during start-up$/,
        details: /if __name__ == "__main__":/,
      },
      ...NOT_STARTED,
    },
  },

  // 7 schema_matches_disk
  {
    tool: 'schema-drift',
    checks: {
      7: {
        status: 'fail',
        message: /^schema drift: 2 field\(s\) differ/,
        details:
          /\/max_runtime_seconds: disk = 5, live = 30[\s\S]*\/outputs\/0\/label: disk = "Total", live = "Sum"|\/outputs\/0\/label: disk = "Total", live = "Sum"[\s\S]*\/max_runtime_seconds: disk = 5, live = 30/,
      },
    },
  },

  // 8 sample_run_succeeds: 9 cannot run without a body; 10–11 still run
  {
    tool: 'run-500',
    checks: {
      8: { status: 'fail', message: /^POST \/run returned HTTP 500: division by zero in rate table$/ },
      9: skippedBecause(8),
    },
  },
  {
    tool: 'run-text-plain',
    checks: {
      8: { status: 'fail', message: /^POST \/run response was not JSON/, details: /content-type: text\/plain/ },
      9: skippedBecause(8),
    },
  },
  {
    tool: 'run-returns-array',
    checks: { 8: { status: 'fail', message: /not a JSON object keyed by output/ }, 9: skippedBecause(8) },
  },
  {
    tool: 'memory-hog',
    checks: {
      8: { status: 'fail', message: /^the tool used \d+ MiB of resident memory, above max_memory_mb 64$/ },
      9: skippedBecause(8),
    },
  },
  {
    tool: 'run-too-slow',
    checks: {
      8: { status: 'fail', message: /^POST \/run did not answer within 6 s \(max_runtime_seconds 1 \+ 5 s grace\)$/ },
      9: skippedBecause(8),
    },
  },
  {
    tool: 'dies-during-run',
    // the process is already gone when check 11 stops it
    checks: {
      8: { status: 'fail', message: /^POST \/run failed: .*connection closed by the tool$/ },
      9: skippedBecause(8),
      11: { status: 'pass', message: /\(exit=1\)$/ },
    },
    also: (r, expect) => expect(r.spawn_log).toMatch(/rates cache corrupted/),
  },

  // 9 output_conforms
  { tool: 'missing-output', checks: { 9: { status: 'fail', message: /missing output key: 'average'/ } } },
  { tool: 'null-output', checks: { 9: { status: 'fail', message: /output 'average': value is null/ } } },
  {
    tool: 'number-as-string',
    checks: {
      9: { status: 'fail', message: /output 'total' \(number\): the value should be a number, got string "5\.00"$/ },
    },
  },
  {
    tool: 'chart-series-short',
    checks: {
      9: { status: 'fail', message: /output 'growth' \(chart_line\): series\[0\]\.y has 3 values but x has 4$/ },
    },
  },
  {
    tool: 'undeclared-output',
    checks: { 9: { status: 'warn', message: /^response contained 1 undeclared key\(s\): debug$/ } },
  },

  // 10 streaming_check
  {
    tool: 'stream-not-json',
    checks: {
      10: {
        status: 'fail',
        message: /event 1: data is not JSON: once upon a time/,
        details: /ended without a "done": true event for story/,
      },
    },
  },
  { tool: 'stream-not-implemented', checks: { 10: { status: 'fail', message: /^GET \/stream returned HTTP 404$/ } } },
  {
    tool: 'stream-never-done',
    checks: { 10: { status: 'fail', message: /no "done": true event for story within 6 s/ } },
  },
  // the original Pixie's event form is accepted, but its events must name the streaming output
  {
    tool: 'stream-names-no-output',
    checks: {
      10: {
        status: 'fail',
        message:
          /^1 streaming problem\(s\): no events for streaming output\(s\) story; the events carried epoch, loss but no field named after the output: send \{"story": <update>, "done": false\}/,
      },
    },
  },
  {
    tool: 'stream-wrong-content-type',
    checks: {
      10: {
        status: 'fail',
        message: /^GET \/stream answered Content-Type 'application\/json', not text\/event-stream$/,
      },
    },
  },

  // 11 clean_shutdown: whatever the tool does, nothing of it may survive
  // one process (the tool itself) ignores SIGTERM: it is counted once
  {
    tool: 'ignores-sigterm',
    checks: {
      11: {
        status: 'warn',
        message:
          /^1 process\(es\) of the tool were still running 5 s after SIGTERM and were killed with SIGKILL \(signal SIGKILL\)$/,
      },
    },
  },
  // sh and sleep ignore SIGTERM; the tool itself exits 0
  {
    tool: 'stubborn-grandchild',
    checks: {
      11: {
        status: 'warn',
        message:
          /^2 process\(es\) of the tool were still running 5 s after SIGTERM and were killed with SIGKILL \(exit=0\)$/,
      },
    },
  },
  // left the process group: only the PIXIE_RUN_ID sweep finds them, and the leftover is worth a warning
  { tool: 'grandchild-escapes', checks: { 11: { status: 'warn', message: /^1 process\(es\) of the tool/ } } },
  { tool: 'python-daemon-child', checks: { 11: { status: 'warn', message: /^1 process\(es\) of the tool/ } } },
  // left the group and dropped PIXIE_RUN_ID: still nothing of the tool may survive (docs/checks.md)
  { tool: 'grandchild-clean-env', checks: { 11: { status: 'warn', message: /^1 process\(es\) of the tool/ } } },
];

describe.concurrent('catalogue of misbehaving tools', () => {
  for (const c of CASES) {
    it(`${c.tool}: ${describeCase(c)}`, async ({ expect }) => {
      const toolDir = path.join(TOOLS_DIR, c.tool);
      const report = await runValidation({ toolDir, healthTimeoutMs: c.healthTimeoutMs });
      try {
        expect(report.errors, 'pixie itself must not have failed').toEqual([]);
        expect(report.checks.map((k) => k.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        expect(report.checks.map((k) => k.name)).toEqual(CHECKS.map((k) => k.name));
        const want = { ...HEALTHY, ...c.checks };
        for (const check of report.checks) {
          const w = want[check.number]!;
          const label = `check ${check.number} ${check.name}: [${check.status}] ${check.message}`;
          expect(check.status, label).toBe(w.status);
          expect(check.message, label).toMatch(w.message);
          if (w.details) expect(check.details ?? '', `${label}\ndetails: ${check.details}`).toMatch(w.details);
        }
        expect(report.overall).toBe(overallOf(report.checks.map((k) => k.status)));
        c.also?.(report, expect);
      } finally {
        // after every run, whatever it found: no process of the tool is alive
        const survivors = processesUnder(toolDir);
        for (const p of survivors) killQuietly(p.pid); // so one leak does not outlive the test run
        expect(survivors, `processes left under ${toolDir}`).toEqual([]);
      }
    });
  }
});

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function describeCase(c: Case): string {
  const notable = Object.entries(c.checks).filter(([, e]) => e.status !== 'skip' && e.status !== 'pass');
  if (notable.length === 0) return 'every check passes';
  return notable.map(([n, e]) => `check ${n} ${e.status}`).join(', ');
}

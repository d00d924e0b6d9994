// ARCHITECTURE.md's recipes are true: in a copy of the repository, a made-up output type `rating`,
// input type `stars`, check `licence_file`, reporter `csv` and kv option `ignore_case` are added by exactly the steps the
// recipes list; the completeness tests and the type check pass with them, and fail when a step the
// tests hold is left out (a registry entry, the report schema, the config schema, the wording).
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { skipWithout } from '../src/comparators/optional-installed.test-helper.js';
import { REPO_ROOT } from './helpers/pixie.js';

let copy: string;
const COMPLETENESS = [
  'src/schema/ajv.test.ts',
  'src/tool/output-shape.test.ts',
  'src/comparators/contract.test.ts',
  'test/docs.test.ts',
  'src/inputs/input-values.test.ts',
  'src/explore/arbitraries.test.ts',
];
/** vitest and tsc over a copy of the repository on a shared machine */
const SLOW = 300_000;

function edit(file: string, change: (text: string) => string): void {
  const full = path.join(copy, file);
  const before = readFileSync(full, 'utf8');
  const after = change(before);
  if (after === before)
    throw new Error(`the recipe step for ${file} changed nothing: the recipe no longer fits the code`);
  writeFileSync(full, after);
}

function run(cmd: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd: copy, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: unknown }).code ?? 1) || 1 : 0, out: stdout + stderr }),
    );
  });
}

const vitest = (files: string[]) =>
  run(process.execPath, [path.join(copy, 'node_modules/vitest/vitest.mjs'), 'run', ...files]);

/** The type check of the whole copy; skipped without sharp and fft.js, whose types the project's tests and benches import. */
const tsc = (ctx: TestContext) => {
  skipWithout(ctx, 'sharp', 'fft.js');
  return run(process.execPath, [path.join(copy, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json']);
};

/** Output steps 1–3 and 5–6; step 4 (the registry entry) is applied separately so a test can leave it out. */
function addRatingExceptRegistry(): void {
  // 1. the type
  edit('src/model/manifest.ts', (t) =>
    t.replace(/(export const OUTPUT_TYPES = \[[^\]]*?)(\n\] as const;)/, "$1\n  'rating',$2"),
  );
  // 2. its manifest fields in tool.schema.json
  edit('reference-schemas/tool.schema.json', (t) => {
    const schema = JSON.parse(t);
    const output = schema.$defs.output;
    output.properties.type.enum.push('rating');
    // a JSON Schema if/then, written as JSON so no object literal has a `then`
    output.allOf.push(
      JSON.parse(
        '{"if": {"properties": {"type": {"const": "rating"}}, "required": ["type"]}, "then": {"$ref": "#/$defs/output_rating"}}',
      ),
    );
    schema.$defs.output_rating = { title: 'rating output', description: 'Stars, 0 to 5.', properties: {} };
    return `${JSON.stringify(schema, null, 2)}\n`;
  });
  // 3. its value shape
  writeFileSync(
    path.join(copy, 'reference-schemas/outputs/rating.schema.json'),
    JSON.stringify(
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        title: 'rating output value',
        type: 'number',
        minimum: 0,
        maximum: 5,
      },
      null,
      2,
    ),
  );
  // 3. and examples of values that conform and that do not, for check 9
  edit('src/tool/output-shape.test.ts', (t) =>
    t.replace(
      'const CASES: Record<OutputType, { valid: unknown[]; invalid: [unknown, string][] }> = {',
      "const CASES: Record<OutputType, { valid: unknown[]; invalid: [unknown, string][] }> = {\n  rating: { valid: [4.5], invalid: [[7, 'is 7 but must be <= 5']] },",
    ),
  );
  // 5. a contract case
  edit('src/comparators/number.cases.ts', (t) =>
    t.replace(
      /\n\];\s*$/,
      `\n  { label: 'rating: stars', type: 'rating', value: 4.5, changed: 2, changedPath: '', garbage: 'five' },\n];\n`,
    ),
  );
  // 6. the docs
  edit('docs/tool-format.md', (t) =>
    t.replace(
      '| `number` | number — *scalar*',
      '| `rating` | number of stars, 0 to 5 | — |\n| `number` | number — *scalar*',
    ),
  );
  edit('docs/comparators.md', (t) => t.replace('| `number` | number |', '| `number`, `rating` | number |'));
}

function addRegistryLine(): void {
  // 4. the type's entry, and the type in its comparator's list
  edit('src/model/output-types.ts', (t) =>
    t.replace(
      "  number: { comparator: 'number', view: 'scalar', media: null },",
      "  number: { comparator: 'number', view: 'scalar', media: null },\n  rating: { comparator: 'number', view: 'scalar', media: null },",
    ),
  );
  edit('src/comparators/number.ts', (t) => t.replace("types: ['number'],", "types: ['number', 'rating'],"));
}

/** Input steps 1–2 and 4–5; step 3 (the rule) is applied separately so a test can leave it out. */
function addStarsExceptRule(): void {
  // 1. the type
  edit('src/model/manifest.ts', (t) =>
    t.replace(/(export const INPUT_TYPES = \[[^\]]*?)(\n\] as const;)/, "$1\n  'stars',$2"),
  );
  // 2. its manifest fields in tool.schema.json
  edit('reference-schemas/tool.schema.json', (t) => {
    const schema = JSON.parse(t);
    const input = schema.$defs.input;
    input.properties.type.enum.push('stars');
    input.allOf.push(
      JSON.parse(
        '{"if": {"properties": {"type": {"const": "stars"}}, "required": ["type"]}, "then": {"$ref": "#/$defs/input_stars"}}',
      ),
    );
    schema.$defs.input_stars = {
      title: 'stars input',
      description: 'Stars, 0 to 5.',
      properties: { min: { type: ['number', 'null'] }, max: { type: ['number', 'null'] } },
    };
    return `${JSON.stringify(schema, null, 2)}\n`;
  });
  // 4. values its rule accepts and refuses, and the type among the inputs explore is held to
  edit('src/inputs/input-values.test.ts', (t) =>
    t.replace(
      'const cases: [string, InputSpec, unknown, string | null][] = [',
      "const cases: [string, InputSpec, unknown, string | null][] = [\n  ['stars ok', spec('stars', { min: 0, max: 5 }), 4, null],\n  ['stars above max', spec('stars', { min: 0, max: 5 }), 6, 'must be ≤ 5 (its max), got 6'],",
    ),
  );
  edit('src/explore/arbitraries.test.ts', (t) =>
    t.replace(
      'const EVERY_TYPE: InputSpec[] = [',
      "const EVERY_TYPE: InputSpec[] = [\n  { key: 'stars', type: 'stars', label: 's', min: 0, max: 5 },",
    ),
  );
  // 5. the docs
  edit('docs/tool-format.md', (t) =>
    t.replace(
      '| `number` | number | `min`, `max`',
      '| `stars` | number of stars | `min`, `max` |\n| `number` | number | `min`, `max`',
    ),
  );
  edit('docs/checks.md', (t) =>
    t
      .replace('| `number` | midpoint of', '| `stars` | as `number` |\n| `number` | midpoint of')
      .replace('| `number`, `slider` | `0`, `min`', '| `number`, `slider`, `stars` | `0`, `min`'),
  );
  edit('docs/fixtures.md', (t) =>
    t.replace('| `number` | a number within', '| `stars` | as `number` |\n| `number` | a number within'),
  );
}

function addStarsRule(): void {
  // 3. the rule: here an existing family's
  edit('src/inputs/index.ts', (t) => t.replace('  number: numberRule,', '  number: numberRule,\n  stars: numberRule,'));
}

/** A copy of the repository to follow recipes in (node_modules and tools/ linked, never written). */
function makeCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pixie-recipe-'));
  for (const part of [
    'src',
    'test',
    'bench',
    'reference-schemas',
    'docs',
    'scripts',
    'README.md',
    'package.json',
    'tsconfig.json',
    'vitest.config.ts',
  ]) {
    cpSync(path.join(REPO_ROOT, part), path.join(dir, part), {
      recursive: true,
      filter: (f) => !f.includes(`${path.sep}test${path.sep}tools`),
    });
  }
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  // read, never written: src/explore/arbitraries.test.ts holds explore to the example tools' tool.json
  symlinkSync(path.join(REPO_ROOT, 'tools'), path.join(dir, 'tools'));
  return dir;
}

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('the new-output-type and new-input-type recipes', () => {
  beforeAll(() => {
    copy = makeCopy();
    copies.push(copy);
    addRatingExceptRegistry();
    addStarsExceptRule();
  }, SLOW);

  it(
    'without the registry entries, the contract tests and the type check fail, naming the registries',
    async (ctx) => {
      const r = await vitest(['src/comparators/contract.test.ts']);
      expect(r.code, r.out).not.toBe(0);
      expect(r.out).toMatch(/rating/);
      const types = await tsc(ctx);
      expect(types.code, types.out).not.toBe(0);
      const failing = new Set([...types.out.matchAll(/^(\S+?)\(\d+,\d+\): error/gm)].map((m) => m[1]));
      expect([...failing].sort(), types.out).toEqual(['src/inputs/index.ts', 'src/model/output-types.ts']);
      expect(types.out).toMatch(/src\/model\/output-types\.ts.*'rating' is missing/);
      expect(types.out).toMatch(/src\/inputs\/index\.ts.*'stars' is missing/);
    },
    SLOW,
  );

  it(
    'with every step, the completeness tests and the type check pass',
    async (ctx) => {
      addRegistryLine();
      addStarsRule();
      const tests = await vitest(COMPLETENESS);
      expect(tests.code, tests.out).toBe(0);
      const types = await tsc(ctx);
      expect(types.code, types.out).toBe(0);
    },
    SLOW,
  );
});

/** Check steps 1–5 and reporter steps 1–2 and 4: what a change that forgot the rest looks like. */
function addCheckAndReporterExceptSchemasAndWording(): void {
  // check 1: the check, with its messages
  writeFileSync(
    path.join(copy, 'src/checks/licence-file.ts'),
    `import { existsSync } from 'node:fs';
import path from 'node:path';
import type { MessageTable } from '../util/message-table.js';
import type { Check } from './types.js';

const messages = {
  found: () => 'LICENSE is there',
  missing: () => 'no LICENSE file; add one',
} satisfies MessageTable;

export const licenceFile: Check = {
  name: 'licence_file',
  phase: 'contract',
  messages,
  run: ({ toolDir }) =>
    existsSync(path.join(toolDir, 'LICENSE'))
      ? { status: 'pass', message: messages.found() }
      : { status: 'warn', message: messages.missing() },
};
`,
  );
  // check 2: its name
  edit('src/model/report.ts', (t) => t.replace("  | 'clean_shutdown'", "  | 'licence_file'\n  | 'clean_shutdown'"));
  // check 3: its place, before the check that runs last
  edit('src/checks/index.ts', (t) =>
    t
      .replace(
        'import { folderStructure }',
        "import { licenceFile } from './licence-file.js';\nimport { folderStructure }",
      )
      .replace('  streamingCheck,\n  cleanShutdown,', '  streamingCheck,\n  licenceFile,\n  cleanShutdown,'),
  );
  // check 5: docs/checks.md, a section at its place (the sections after it renumbered)
  edit('docs/checks.md', (t) =>
    t
      .replace('### 12. reference_fixtures_match', '### 13. reference_fixtures_match')
      .replace(
        '### 11. clean_shutdown',
        '### 11. licence_file\n\nA LICENSE file in the tool folder.\n\n### 12. clean_shutdown',
      ),
  );
  // reporter 1: the renderer
  writeFileSync(
    path.join(copy, 'src/report/renderers/csv.ts'),
    `import type { Report } from '../../model/report.js';

export function renderCsv(reports: Report[]): string {
  return ['tool,overall', ...reports.map((r) => \`\${r.tool_id},\${r.overall}\`)].join('\\n');
}
`,
  );
  // reporter 2: the registry line
  edit('src/report/reporters.ts', (t) =>
    t.replace(
      '] as const satisfies readonly Reporter[];',
      "  {\n    name: 'csv',\n    description: 'one line per tool',\n    render: async (reports) => (await import('./renderers/csv.js')).renderCsv(reports),\n  },\n] as const satisfies readonly Reporter[];",
    ),
  );
  // reporter 4: the docs
  edit('docs/report.md', (t) => `${t}\n### --csv\n\n\`--csv FILE\` writes one line per tool.\n`);
  edit('docs/config.md', (t) => t.replace('`{json?, junit?, html?}`', '`{json?, junit?, html?, csv?}`'));
}

/** Check step 2's report schema, reporter step 3's config schema and check step 6's wording. */
function addSchemasAndWording(): void {
  edit('reference-schemas/report.schema.json', (t) =>
    t
      .replace(/"minItems": 12,\s*"maxItems": 12,/, '"minItems": 13,\n      "maxItems": 13,')
      .replace('"minimum": 1,\n          "maximum": 12', '"minimum": 1,\n          "maximum": 13')
      .replace(
        '"clean_shutdown",\n            "reference_fixtures_match"',
        '"licence_file",\n            "clean_shutdown",\n            "reference_fixtures_match"',
      ),
  );
  edit('reference-schemas/config.schema.json', (t) => {
    const schema = JSON.parse(t);
    schema.properties.reporters.properties.csv = { type: 'string', minLength: 1, description: 'One line per tool.' };
    return `${JSON.stringify(schema, null, 2)}\n`;
  });
  // the counts users read, and the numbers the wording test holds them to
  const counts = (t: string) =>
    t
      .replaceAll('twelve checks', 'thirteen checks')
      .replaceAll('Twelve checks', 'Thirteen checks')
      .replaceAll('eleven contract checks', 'twelve contract checks');
  for (const file of [
    'README.md',
    ...readdirSync(path.join(copy, 'docs')).map((f) => `docs/${f}`),
    ...sourcesOf('src'),
  ])
    if (/twelve checks|eleven contract checks/i.test(readFileSync(path.join(copy, file), 'utf8'))) edit(file, counts);
  edit('test/check-wording.test.ts', (t) =>
    t.replace(
      'const WORDING = { checks: 12, contractChecks: 11, fixturesCheck: 12 };',
      'const WORDING = { checks: 13, contractChecks: 12, fixturesCheck: 13 };',
    ),
  );
}

/** The source files under `rel` in the copy, relative to it. */
function sourcesOf(rel: string): string[] {
  return readdirSync(path.join(copy, rel), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourcesOf(`${rel}/${e.name}`) : e.name.endsWith('.ts') ? [`${rel}/${e.name}`] : [],
  );
}

const CHECK_AND_REPORTER = [
  'test/docs.test.ts',
  'test/check-wording.test.ts',
  'src/report/reporters.test.ts',
  'src/checks/index.test.ts',
  'src/checks/messages.test.ts',
];

describe('the new-check and new-reporter recipes', () => {
  beforeAll(() => {
    copy = makeCopy();
    copies.push(copy);
    addCheckAndReporterExceptSchemasAndWording();
  }, SLOW);

  it(
    'without the schemas and the wording, their completeness tests fail, naming what is missing',
    async () => {
      const r = await vitest(CHECK_AND_REPORTER);
      expect(r.code, r.out).not.toBe(0);
      // the wording: the counts no longer agree
      expect(r.out).toMatch(/"checks": 13/);
      // the config's reporters
      expect(r.out).toMatch(/"csv"/);
      // the report schema's check names and count
      expect(r.out).toMatch(/licence_file|maxItems/);
    },
    SLOW,
  );

  it(
    'with every step, the completeness tests and the type check pass',
    async (ctx) => {
      addSchemasAndWording();
      const tests = await vitest(CHECK_AND_REPORTER);
      expect(tests.code, tests.out).toBe(0);
      const types = await tsc(ctx);
      expect(types.code, types.out).toBe(0);
    },
    SLOW,
  );
});

describe('the new-tolerance-option recipe', () => {
  beforeAll(() => {
    copy = makeCopy();
    copies.push(copy);
    // 1. the comparator that reads it declares it, with its kind
    edit('src/comparators/kv.ts', (t) =>
      t.replace(
        "options: { abs: 'number', rel: 'number', allow_extra: 'boolean', ignore_fields: 'fields' },",
        "options: { abs: 'number', rel: 'number', allow_extra: 'boolean', ignore_fields: 'fields', ignore_case: 'boolean' },",
      ),
    );
  }, SLOW);

  it(
    'until npm run schemas writes it, the editor schema disagrees with the loader; then they agree',
    async () => {
      const before = await vitest(['src/tolerance/json-schema.test.ts']);
      expect(before.code, before.out).not.toBe(0);
      expect(before.out).toMatch(/ignore_case/);
      // 3. npm run schemas
      const schemas = await run(process.execPath, ['--import', 'tsx', 'scripts/schemas.ts']);
      expect(schemas.code, schemas.out).toBe(0);
      const after = await vitest(['src/tolerance/json-schema.test.ts', 'src/tolerance']);
      expect(after.code, after.out).toBe(0);
    },
    SLOW,
  );
});

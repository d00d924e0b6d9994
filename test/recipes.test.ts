// ARCHITECTURE.md's recipe for a new output type is true: in a copy of the repository, a made-up
// type `rating` is added by exactly the steps the recipe lists, and the completeness tests (schemas,
// the comparator registry and its contract cases, the docs) pass with it, and fail when a step is left out.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithout } from '../src/comparators/optional-installed.test-helper.js';
import { REPO_ROOT } from './helpers/pixie.js';

let copy: string;
const COMPLETENESS = [
  'src/schema/ajv.test.ts',
  'src/tool/output-shape.test.ts',
  'src/comparators/contract.test.ts',
  'test/docs.test.ts',
];

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

/** Steps 1–3 and 5–6; step 4 (the registry line) is applied separately so a test can leave it out. */
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
  // 4. the registry line, and the type in its comparator's list
  edit('src/comparators/index.ts', (t) =>
    t.replace('  number: numberComparator,', '  number: numberComparator,\n  rating: numberComparator,'),
  );
  edit('src/comparators/number.ts', (t) => t.replace("types: ['number'],", "types: ['number', 'rating'],"));
}

beforeAll(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'pixie-recipe-'));
  for (const part of [
    'src',
    'test',
    'bench',
    'reference-schemas',
    'docs',
    'package.json',
    'tsconfig.json',
    'vitest.config.ts',
  ]) {
    cpSync(path.join(REPO_ROOT, part), path.join(copy, part), {
      recursive: true,
      filter: (f) => !f.includes(`${path.sep}test${path.sep}tools`),
    });
  }
  symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  addRatingExceptRegistry();
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('the new-output-type recipe', () => {
  it('without the registry line (step 4), the completeness tests fail', async () => {
    const r = await vitest(['src/comparators/contract.test.ts']);
    expect(r.code, r.out).not.toBe(0);
    expect(r.out).toMatch(/rating/);
  });

  it('with every step, the completeness tests and the type check pass', async (ctx) => {
    addRegistryLine();
    const tests = await vitest(COMPLETENESS);
    expect(tests.code, tests.out).toBe(0);
    // the project's tests and benches that draw or listen with sharp and fft.js import their types
    skipWithout(ctx, 'sharp', 'fft.js');
    const tsc = await run(process.execPath, [
      path.join(copy, 'node_modules/typescript/bin/tsc'),
      '--noEmit',
      '-p',
      'tsconfig.json',
    ]);
    expect(tsc.code, tsc.out).toBe(0);
  });
});

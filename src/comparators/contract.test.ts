/// <reference types="vite/client" />
// One contract for every comparator: identical → pass; a clear change → fail with a path; the
// tolerance boundary → pass; compare: skip → skip; garbage → a clear fail, never a throw.
import { describe, expect, it, type TestContext } from 'vitest';
import { OUTPUT_TYPES } from '../model/manifest.js';
import { outputTypeInfo } from '../model/output-types.js';
import type { MessageTable } from '../util/message-table.js';
import { silentEntries, unusedEntries } from '../util/message-table.test-helper.js';
import { emptyToleranceConfig } from '../tolerance/config.js';
import { resolveTolerance } from '../tolerance/resolve.js';
import { COMPARATOR_FAMILIES, comparatorFor } from './index.js';
import type { Comparator, ComparisonResult, ContractCase } from './types.js';
import { skipWithout } from './optional-installed.test-helper.js';
import type { Tolerance } from '../model/tolerance.js';

// every family's cases, wherever its folder: adding `<family>.cases.ts` is all a new comparator needs here
const CASE_FILES = import.meta.glob<{ contractCases: ContractCase[] }>('./**/*.cases.ts', { eager: true });
const CASES: ContractCase[] = Object.values(CASE_FILES).flatMap((m) => m.contractCases);

async function compare(c: ContractCase, expected: unknown, actual: unknown, fixtureTolerance?: Tolerance) {
  const comparator = comparatorFor(c.type);
  const tolerance = resolveTolerance(
    'out',
    c.type,
    emptyToleranceConfig(),
    fixtureTolerance ?? c.tolerance,
    comparator,
  );
  return comparator.compare({ key: 'out', type: c.type, expected, actual, tolerance });
}

/** A media comparison that fell back to size + SHA-256 because `npm ci --omit=optional` left its package out. */
function skipWithoutItsPackage(ctx: TestContext, r: ComparisonResult): void {
  if (r.degraded) skipWithout(ctx, r.degraded.package);
}

describe.each(CASES.map((c) => [c.label, c] as const))('%s', (_label, c) => {
  it('identical values pass', async () => {
    const r = await compare(c, structuredClone(c.value), structuredClone(c.value));
    expect(r.status, r.metric).toBe('pass');
    expect(r.score).toBeGreaterThan(0.99);
  });

  it('a clear change fails with a path', async (ctx) => {
    const r = await compare(c, c.value, c.changed);
    skipWithoutItsPackage(ctx, r);
    expect(r.status).toBe('fail');
    expect(r.metric.length).toBeGreaterThan(0);
    expect(r.score).toBeGreaterThanOrEqual(0);
    expect(r.score).toBeLessThan(1);
    if (c.changedPath)
      expect(
        (r.differences ?? []).map((d) => d.path),
        r.metric,
      ).toContain(c.changedPath);
  });

  // a case with no tolerance boundary (booleans, exact hashes) has no such test, rather than a skipped one
  const b = c.boundary;
  if (b)
    it('the tolerance boundary passes', async (ctx) => {
      const r = await compare(c, b.expected, b.actual, b.tolerance);
      skipWithoutItsPackage(ctx, r);
      expect(r.status, r.metric).toBe('pass');
    });

  it('compare: skip skips and never fails', async () => {
    const r = await compare(c, c.value, c.changed, { ...c.tolerance, compare: 'skip' });
    expect(r.status).toBe('skip');
  });

  it('garbage gives a clear failure, never a throw', async () => {
    const r = await compare(c, c.value, c.garbage);
    expect(r.status).toBe('fail');
    expect(r.metric).toMatch(/\w/);
  });
});

describe('the comparator registry', () => {
  it('finds every cases file, each with cases', () => {
    expect(Object.keys(CASE_FILES).length).toBeGreaterThanOrEqual(13);
    for (const [file, m] of Object.entries(CASE_FILES)) expect(m.contractCases?.length, file).toBeGreaterThan(0);
  });

  it('names each family by its comparator', () => {
    for (const [family, comparator] of Object.entries(COMPARATOR_FAMILIES)) expect(comparator.name).toBe(family);
  });

  it('has a comparator family for every one of the 39 output types', () => {
    for (const t of OUTPUT_TYPES) expect(COMPARATOR_FAMILIES[outputTypeInfo(t)!.comparator], t).toBeDefined();
  });

  it('every comparator lists the types it is registered for, and each has a contract case', () => {
    const covered = new Set(CASES.map((c) => c.type));
    for (const t of OUTPUT_TYPES) {
      expect(comparatorFor(t).types, `${comparatorFor(t).name} should declare ${t}`).toContain(t);
      expect(covered.has(t), `no contract case for ${t}`).toBe(true);
    }
  });
});

// every module of the comparators, and its text: each table's entries must be used where it belongs
const MODULES = import.meta.glob<Record<string, unknown>>(
  ['./**/*.ts', '!./**/*.test.ts', '!./**/*.cases.ts', '!./**/*.test-helper.ts'],
  { eager: true },
);
const SOURCES = import.meta.glob<string>(
  ['./**/*.ts', '!./**/*.test.ts', '!./**/*.cases.ts', '!./**/*.test-helper.ts'],
  { query: '?raw', import: 'default', eager: true },
);

const folderOf = (file: string): string => file.slice(0, file.lastIndexOf('/'));

/** Where a table's entries are said: every file of the family for `<family>/messages.ts`, else the file itself. */
function whereSaid(file: string): string[] {
  if (!file.endsWith('/messages.ts')) return [SOURCES[file]!];
  return Object.keys(SOURCES)
    .filter((f) => f !== file && folderOf(f) === folderOf(file))
    .map((f) => SOURCES[f]!);
}

const isTable = (v: unknown): v is MessageTable =>
  typeof v === 'object' && v !== null && Object.values(v).every((e) => typeof e === 'function');

/** Every table: exported as `messages` (family folders, kit helpers), or carried by a comparator (one-file families). */
const TABLES = new Map<MessageTable, { label: string; file: string }>();
for (const [file, m] of Object.entries(MODULES)) if (isTable(m.messages)) TABLES.set(m.messages, { label: file, file });
const FAMILIES = Object.values(COMPARATOR_FAMILIES);
const fileOf = (c: Comparator): string | undefined =>
  Object.keys(MODULES).find((f) => Object.values(MODULES[f]!).includes(c));
for (const c of FAMILIES)
  if (!TABLES.has(c.messages)) TABLES.set(c.messages, { label: `${c.name} (${fileOf(c)})`, file: fileOf(c)! });

describe('message tables', () => {
  it.each(FAMILIES.map((c) => [c.name, c] as const))('the %s comparator has one, from its own family', (_n, c) => {
    expect(Object.keys(c.messages).length).toBeGreaterThan(0);
    const file = fileOf(c)!;
    const table = TABLES.get(c.messages)!.file;
    // a family with a folder keeps its table in <folder>/messages.ts; a one-file family in that file
    expect(table).toBe(folderOf(file) === '.' ? file : `${folderOf(file)}/messages.ts`);
  });

  it('every family folder keeps its sentences in a messages.ts', () => {
    const folders = new Set(Object.keys(MODULES).map(folderOf));
    folders.delete('.');
    folders.delete('./kit'); // the shared helpers: each keeps the table of the sentences it owns
    for (const folder of folders) expect(isTable(MODULES[`${folder}/messages.ts`]?.messages), folder).toBe(true);
  });

  describe.each([...TABLES.values()].map((t) => [t.label, t] as const))('%s', (_label, t) => {
    const table = [...TABLES.entries()].find(([, v]) => v === t)![0];

    it('every entry gives text', () => {
      expect(silentEntries(table)).toEqual([]);
    });

    it('every entry is used by the module that owns it', () => {
      expect(unusedEntries(table, whereSaid(t.file))).toEqual([]);
    });
  });
});

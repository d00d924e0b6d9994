// The documentation keeps up with the code: every input and output type, every check and every
// finding code is named in docs/, in the table where a reader looks for it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../src/checks/index.js';
import { FINDING_RULES, type FindingCode } from '../src/model/severity.js';
import { INPUT_TYPES, OUTPUT_TYPES } from '../src/model/manifest.js';
import { REPO_ROOT } from './helpers/pixie.js';

const doc = (name: string) => readFileSync(path.join(REPO_ROOT, 'docs', name), 'utf8');
/** The first cells of a document's table rows: `| \`number\` | …` → number. */
const tableKeys = (text: string) =>
  new Set([...text.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`([^`]+)`/g)].map((x) => x[1]!)));

describe('docs/', () => {
  it('tool-format.md has a row for every input and output type', () => {
    const rows = tableKeys(doc('tool-format.md'));
    expect(INPUT_TYPES.filter((t) => !rows.has(t))).toEqual([]);
    expect(OUTPUT_TYPES.filter((t) => !rows.has(t))).toEqual([]);
  });

  it('comparators.md names the comparator of every output type', () => {
    const rows = tableKeys(doc('comparators.md'));
    expect(OUTPUT_TYPES.filter((t) => !rows.has(t))).toEqual([]);
  });

  it('checks.md describes every check, in order, and every finding code with its severities', () => {
    const text = doc('checks.md');
    const headings = [...text.matchAll(/^### (\d+)\. (\w+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(headings).toEqual(CHECKS.map((c, i) => `${i + 1} ${c.name}`));
    const rows = tableKeys(text);
    expect((Object.keys(FINDING_RULES) as FindingCode[]).filter((c) => !rows.has(c))).toEqual([]);
  });
});

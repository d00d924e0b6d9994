// The numbers users read about the checks agree with CHECKS (src/checks/index.ts): README.md, docs/
// and the messages in src/ say "twelve checks", "eleven contract checks", "checks 1–11" and "check 12"
// (the fixtures check). A check added or moved changes them; this test names every place that no
// longer agrees (ARCHITECTURE.md, "A new check").
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKS, checkNumber } from '../src/checks/index.js';
import { REPO_ROOT } from './helpers/pixie.js';

/** The numbers the wording uses now; change them with the wording. */
const WORDING = { checks: 12, contractChecks: 11, fixturesCheck: 12 };

const WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
}

/** Every place users read: the README, the docs and pixie's sources (its messages and help texts). */
function texts(): { file: string; text: string }[] {
  const docs = readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(REPO_ROOT, 'docs', f));
  return [path.join(REPO_ROOT, 'README.md'), ...docs, ...files(path.join(REPO_ROOT, 'src'))].map((file) => ({
    file: path.relative(REPO_ROOT, file),
    text: readFileSync(file, 'utf8'),
  }));
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

describe('the wording of check numbers', () => {
  it('the numbers the wording uses are the checks’ own', () => {
    const now = {
      checks: CHECKS.length,
      contractChecks: CHECKS.filter((c) => c.phase === 'contract').length,
      fixturesCheck: checkNumber('reference_fixtures_match'),
    };
    // when this fails, update README.md, docs/ and the messages ("twelve checks", "checks 1–11",
    // "check 12"), then WORDING above
    expect(now).toEqual(WORDING);
  });

  it('every count, range and named check number in README, docs and messages agrees with CHECKS', () => {
    const wrong: string[] = [];
    const names = new Map(CHECKS.map((c, i) => [c.name as string, i + 1]));
    for (const { file, text } of texts()) {
      const at = (i: number, what: string) => wrong.push(`${file}:${lineOf(text, i)}: ${what}`);
      for (const m of text.matchAll(/\b(\w+) (contract )?checks\b/gi)) {
        const n = WORDS.indexOf(m[1]!.toLowerCase());
        if (n < 0) continue;
        const want = m[2] ? WORDING.contractChecks : WORDING.checks;
        if (n !== want) at(m.index!, `"${m[0]}" (there are ${WORDS[want]})`);
      }
      for (const m of text.matchAll(/\bchecks? (\d+)(?:[–-](\d+))?(?: ([a-z]+_[a-z_]+))?/g)) {
        const last = Number(m[2] ?? m[1]);
        if (last > WORDING.checks) at(m.index!, `"${m[0]}" (there are ${WORDING.checks} checks)`);
        if (m[3] && names.has(m[3]) && !m[2] && names.get(m[3]) !== Number(m[1]))
          at(m.index!, `"${m[0]}" (${m[3]} is check ${names.get(m[3])})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

// Text that differs invisibly (docs/comparators.md, "Text"): a real tool answering "café" in NFD,
// a no-break space and a Cyrillic letter against fixtures written in NFC, plain spaces and Latin;
// check 12 fails with the characters escaped and their code points named in the JSON report, the
// terminal and the HTML report, and passes once tolerance.yaml says `normalize: nfc`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { tempDir } from './helpers/hostile.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';
import { processesUnder } from './helpers/survivors.js';

const SHARED = JSON.stringify(path.join(REPO_ROOT, 'test', 'tools', '_shared', 'tool-server.mjs'));

const NFC = 'caf\u00e9';
const NFD = 'cafe\u0301';

function invisibleTool(): string {
  const dir = path.join(tempDir('invisible'), 'menu');
  mkdirSync(path.join(dir, 'reference'), { recursive: true });
  writeFileSync(
    path.join(dir, 'main.js'),
    `import { serveTool } from ${SHARED};
serveTool({ dir: import.meta.dirname, run: () => ({
  word: ${JSON.stringify(NFD)},
  price: 'total:\\u00a05 EUR',
  brand: 'p\\u0430ypal',
  fields: { name: ${JSON.stringify(NFD)} },
  rows: { columns: ['item'], rows: [[${JSON.stringify(NFD)}]] },
}) });
`,
  );
  writeFileSync(path.join(dir, 'package.json'), '{"name":"menu","type":"module","private":true,"dependencies":{}}\n');
  writeFileSync(
    path.join(dir, 'tool.json'),
    JSON.stringify({
      id: 'menu',
      name: 'Menu',
      version: '1.0.0',
      max_runtime_seconds: 10,
      inputs: [{ key: 'n', type: 'number', label: 'N', default: 1 }],
      outputs: [
        { key: 'word', type: 'text', label: 'Word' },
        { key: 'price', type: 'text', label: 'Price' },
        { key: 'brand', type: 'text', label: 'Brand' },
        { key: 'fields', type: 'kv', label: 'Fields' },
        { key: 'rows', type: 'table', label: 'Rows' },
      ],
    }),
  );
  writeFileSync(
    path.join(dir, 'reference', 'fixture_menu.json'),
    JSON.stringify({
      name: 'menu',
      inputs: { n: 1 },
      expected_outputs: {
        word: NFC,
        price: 'total: 5 EUR',
        brand: 'paypal',
        fields: { name: NFC },
        rows: { columns: ['item'], rows: [[NFC]] },
      },
    }),
  );
  return dir;
}

const output = (report: Report, key: string) => report.fixtures[0]!.outputs.find((o) => o.key === key)!;
const messages = (report: Report, key: string) => (output(report, key).differences ?? []).map((d) => d.message);

describe('strings that differ only in what a reader cannot see', () => {
  it('fail with escapes and code points in the JSON report, the terminal and the HTML report', async () => {
    const dir = invisibleTool();
    const html = path.join(dir, '..', 'report.html');
    const r = await runPixie(['validate', dir, '--reference-only', '--json', '--html', html]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    expect(processesUnder(dir)).toEqual([]);

    expect(output(report, 'word').status).toBe('fail');
    expect(messages(report, 'word')[0]).toBe(
      'first difference at line 1, column 4: expected "caf\\u00e9", got "cafe\\u0301" (code points: expected U+00E9, got U+0065 U+0301)',
    );
    expect(messages(report, 'word')[1]).toBe('line differs: expected "caf\\u00e9", got "cafe\\u0301"');
    expect(messages(report, 'price')[0]).toBe(
      'first difference at line 1, column 7: expected "total: 5 EUR", got "total:\\u00a05 EUR" (code points: expected U+0020, got U+00A0)',
    );
    expect(messages(report, 'brand')[0]).toBe(
      'first difference at line 1, column 2: expected "paypal", got "p\\u0430ypal" (code points: expected U+0061, got U+0430)',
    );
    // the key-value list and the table cell say it the same way
    expect(messages(report, 'fields')).toEqual(['expected "caf\\u00e9", got "cafe\\u0301"']);
    expect(output(report, 'rows').status).toBe('fail');
    expect(messages(report, 'rows').join('\n')).toContain('expected "caf\\u00e9", got "cafe\\u0301"');

    // the HTML line diff and table cell show the escaped forms rather than two identical words
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('<span class="del">- &quot;caf\\u00e9&quot;</span>');
    expect(page).toContain('<span class="ins">+ &quot;cafe\\u0301&quot;</span>');
    expect(page).toContain('<del>&quot;caf\\u00e9&quot;</del> <ins>&quot;cafe\\u0301&quot;</ins>');

    // the terminal report
    const pretty = await runPixie(['validate', dir, '--reference-only']);
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toContain(
      'word: expected "caf\\u00e9", got "cafe\\u0301" (first difference at line 1, column 4: expected "caf\\u00e9", got "cafe\\u0301" (code points: expected U+00E9, got U+0065 U+0301); 1 of 1 lines differ)',
    );
    expect(pretty.stdout).toContain('rows[0].item: expected "caf\\u00e9", got "cafe\\u0301"');
  }, 60_000);

  it('pass under normalize: nfc, and a misspelt form is one clear sentence from lint and validate', async () => {
    const dir = invisibleTool();
    const fixture = path.join(dir, 'reference', 'fixture_menu.json');
    // only the accent: the no-break space and the Cyrillic letter are real differences under NFC
    const only = JSON.parse(readFileSync(fixture, 'utf8'));
    only.expected_outputs.price = 'total:\u00a05 EUR';
    only.expected_outputs.brand = 'p\u0430ypal';
    writeFileSync(fixture, JSON.stringify(only));
    writeFileSync(path.join(dir, 'reference', 'tolerance.yaml'), 'word:\n  normalize: nfc\n');
    const r = await runPixie(['validate', dir, '--reference-only', '--json']);
    const report = JSON.parse(r.stdout) as Report;
    expect(output(report, 'word')).toMatchObject({
      status: 'pass',
      metric: 'identical after NFC normalisation',
      rule: 'exact, after NFC normalisation',
    });

    writeFileSync(path.join(dir, 'reference', 'tolerance.yaml'), 'word:\n  normalize: NFC\n');
    const lint = await runPixie(['lint', dir]);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toContain(
      "reference/tolerance.yaml:2: error: normalize for word (text) must be one of nfc, nfd, nfkc, nfkd, got 'NFC' — did you mean 'nfc'?",
    );
    const v = await runPixie(['validate', dir, '--reference-only', '--json']);
    expect(v.code).toBe(1);
    expect(JSON.parse(v.stdout).checks[11].message).toMatch(/^1 problem\(s\) in reference files; no fixture was run: /);
    expect(processesUnder(dir)).toEqual([]);
  }, 60_000);
});

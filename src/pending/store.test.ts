import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyFileName, listPending, pendingToolDir } from './store.js';

describe('pending store', () => {
  it('keeps plain output keys as file names and makes any other key safe and unique', () => {
    expect(keyFileName('total_interest')).toBe('total_interest');
    expect(keyFileName('../x')).toMatch(/^___x-[0-9a-f]{8}$/);
    expect(keyFileName('a b')).not.toBe(keyFileName('a_b'));
  });

  it('lives beside the folder that holds the tool, or where PIXIE_PENDING_DIR says', () => {
    expect(pendingToolDir('/p/tools/adder')).toBe(path.join('/p', '.pixie', 'pending', 'adder'));
  });

  it('reads only entries pixie wrote, and names every other file', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'pixie-pending-'));
    mkdirSync(path.join(root, 'fixture_a'));
    writeFileSync(path.join(root, 'fixture_a', 'x.json'), '{"pixie_pending": 1, "fixture": "../../etc.json"}');
    writeFileSync(path.join(root, 'fixture_a', 'y.json'), 'not json');
    writeFileSync(
      path.join(root, 'fixture_a', 'z.json'),
      JSON.stringify({
        pixie_pending: 1,
        fixture: 'fixture_a.json',
        output: 'z',
        type: 'number',
        new_file: 'z.new.json',
        comparison: {},
      }),
    );
    const { entries, problems } = listPending(root);
    expect(entries.map((e) => e.rel)).toEqual(['fixture_a/z.json']);
    expect(problems).toEqual([
      'fixture_a/x.json is not a pending result pixie wrote; delete it',
      'fixture_a/y.json is not valid JSON; delete it',
    ]);
  });
});

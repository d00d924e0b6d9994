// The report store reads what a repository may have brought in its own .pixie/: a stored report that
// is a FIFO or a link to a device is passed over at once, never read.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReportStore } from './report-store.js';

describe('ReportStore', () => {
  it('passes over a stored report that is a FIFO or a link to /dev/zero, and reads the regular one', () => {
    const store = new ReportStore(mkdtempSync(path.join(os.tmpdir(), 'pixie-store-')));
    const dir = path.join(store.dir, 'adder');
    mkdirSync(dir, { recursive: true });
    const name = (n: number) => `2026-11-2${n}T10-00-00-000Z-000${n}-validate-pass.json`;
    const report = { tool_id: 'adder', timestamp: '2026-11-21T10:00:00.000Z', overall: 'pass', checks: [] };
    writeFileSync(path.join(dir, name(1)), JSON.stringify({ kind: 'validate', fingerprint: 'f', report }));
    execFileSync('mkfifo', [path.join(dir, name(2))]);
    symlinkSync('/dev/zero', path.join(dir, name(3)));
    const history = store.history('adder');
    expect(history.map((r) => r.report.timestamp)).toEqual(['2026-11-21T10:00:00.000Z']);
    expect(store.read('adder', name(2))).toBeNull();
    expect(store.read('adder', name(3))).toBeNull();
  });
});

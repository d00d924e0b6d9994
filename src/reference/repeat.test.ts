// Repeated fixtures: the fields as the loader reads and checks them, and the verdict on their runs.
import { describe, expect, it } from 'vitest';
import { comparatorFor } from '../comparators/index.js';
import type { Manifest } from '../model/manifest.js';
import { parseFixtureText } from './load.js';
import { repeatVerdict } from './verdict.js';

const manifest: Manifest = {
  id: 'coin',
  name: 'Coin',
  inputs: [{ key: 'seed', type: 'number', label: 'Seed', default: 1 }],
  outputs: [
    { key: 'answer', type: 'number', label: 'Answer' },
    { key: 'note', type: 'text', label: 'Note' },
  ],
};

function load(fixture: Record<string, unknown>) {
  const text = JSON.stringify({ name: 'f', inputs: {}, expected_outputs: { answer: 42 }, ...fixture }, null, 2);
  return parseFixtureText(text, 'fixture_f.json', 'fixture_f.json', {
    manifest,
    comparatorFor,
  });
}

describe('repeat and pass_rate in a fixture', () => {
  it('reads repeat and a pass_rate for the fixture or per output', () => {
    expect(load({ repeat: 20, pass_rate: 0.8 }).fixture).toMatchObject({ repeat: 20, pass_rate: 0.8 });
    expect(load({ repeat: 5, pass_rate: { answer: 0.6 } }).fixture).toMatchObject({ pass_rate: { answer: 0.6 } });
    expect(load({}).fixture).toMatchObject({ repeat: 1, pass_rate: null });
  });

  it('refuses a pass_rate with nothing to judge, and one naming an output the fixture does not assert', () => {
    expect(load({ pass_rate: 0.8 }).problems.map((p) => [p.code, p.path, p.line, p.message])).toEqual([
      [
        'fixture-invalid',
        'pass_rate',
        7,
        'pass_rate judges repeated runs, but the fixture runs once; add "repeat": 20 (or any number ≥ 2)',
      ],
    ]);
    expect(load({ repeat: 10, pass_rate: { note: 0.5 } }).problems.map((p) => p.message)).toEqual([
      "pass_rate names 'note', which expected_outputs does not assert; name one of: answer",
    ]);
  });

  it('refuses a repeat or pass_rate of the wrong kind, at its line', () => {
    const zero = load({ repeat: 0 }).problems;
    expect(zero.map((p) => [p.code, p.path])).toEqual([['schema', 'repeat']]);
    expect(zero[0]!.message).toMatch(/≥ 1|>= 1|at least 1/);
    expect(load({ repeat: 3, pass_rate: 1.5 }).problems.map((p) => [p.path, p.message])).toEqual([
      ['pass_rate', expect.stringMatching(/^'pass_rate' must be (≤|<=) 1/)],
    ]);
    expect(load({ repeat: 3, pass_rate: { answer: -0.1 } }).problems.map((p) => p.path)).toEqual(['pass_rate.answer']);
  });
});

describe('repeatVerdict', () => {
  const runs = (pass: number, fail: number) => [
    ...Array<'pass'>(pass).fill('pass'),
    ...Array<'fail'>(fail).fill('fail'),
  ];
  const answer = (passed: number) => [{ key: 'answer', passed }];

  it('passes at exactly the share pass_rate asks for, and fails one run short', () => {
    expect(repeatVerdict({ runs: runs(16, 4), outputs: answer(16), passRate: 0.8 })).toMatchObject({
      status: 'pass',
      message: '16 of 20 runs within tolerance (80 %; pass_rate 80 % needs 16)',
    });
    expect(repeatVerdict({ runs: runs(15, 5), outputs: answer(15), passRate: 0.8 }).status).toBe('fail');
    // 0.7 of 10 is 7 even though 0.7 × 10 is 7.000000000000001 in binary
    expect(repeatVerdict({ runs: runs(7, 3), outputs: answer(7), passRate: 0.7 }).status).toBe('pass');
  });

  it('without a pass_rate: every run passes, none does, or it is flaky', () => {
    expect(repeatVerdict({ runs: runs(5, 0), outputs: answer(5), passRate: null }).status).toBe('pass');
    expect(repeatVerdict({ runs: runs(0, 5), outputs: answer(0), passRate: null })).toMatchObject({
      status: 'fail',
      message: 'failed in all 5 runs',
    });
    const flaky = repeatVerdict({ runs: runs(4, 1), outputs: answer(4), passRate: null });
    expect(flaky.status).toBe('flaky');
    expect(flaky.message).toMatch(/^flaky: 4 of 5 runs within tolerance; give the fixture a pass_rate/);
  });

  it('judges each output by its own pass_rate; outputs not named must pass every run', () => {
    const outputs = [
      { key: 'answer', passed: 12 },
      { key: 'note', passed: 19 },
    ];
    const loose = repeatVerdict({ runs: runs(12, 8), outputs, passRate: { answer: 0.6, note: 0.9 } });
    expect(loose.status).toBe('pass');
    expect(loose.outputs.get('note')).toEqual({ required: 0.9, status: 'pass' });
    const strict = repeatVerdict({ runs: runs(12, 8), outputs, passRate: { answer: 0.6 } });
    expect(strict).toMatchObject({
      status: 'fail',
      message: "1 output(s) below their pass_rate: 'note' passed 19 of 20 (needs 20)",
    });
  });
});

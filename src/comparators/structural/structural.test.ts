import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractCases } from './structural.cases.js';
import { STRUCTURAL_TYPES, structuralComparator } from './structural.js';
import { comparatorTester, messages, paths } from '../kit/comparator-tester.test-helper.js';

const tester = comparatorTester(structuralComparator);

describe('structural contract cases (run against the comparator directly)', () => {
  tester.contract(contractCases);
  it('covers all 5 structural types', () => {
    expect(new Set(contractCases.map((c) => c.type))).toEqual(new Set(STRUCTURAL_TYPES));
  });
});

describe('modes and defaults', () => {
  it('defaults are exact; tree children unordered; log regex lines on', () => {
    expect(structuralComparator.defaults('tree')).toEqual({ compare: 'structural', children_order: 'unordered' });
    expect(structuralComparator.defaults('timeline')).toEqual({ compare: 'rows_ordered' });
    expect(structuralComparator.defaults('log')).toEqual({ compare: 'rows_ordered', allow_regex: true });
    expect(structuralComparator.defaults('diff')).toEqual({ compare: 'exact' });
  });

  it('modes that do not fit the type are refused, and option values are checked', () => {
    expect(
      tester.compare({ before: '', after: '' }, { before: '', after: '' }, { compare: 'rows_ordered' }, 'diff').metric,
    ).toMatch(/does not apply to diff/);
    expect(tester.compare({ root: {} }, { root: {} }, { compare: 'rows_unordered' }, 'tree').metric).toMatch(
      /does not apply to tree/,
    );
    expect(tester.compare({ root: {} }, { root: {} }, { children_order: 'sorted' }, 'tree').metric).toMatch(
      /children_order must be ordered or unordered/,
    );
    expect(tester.compare({ lines: [] }, { lines: [] }, { allow_regex: 'yes' }, 'log').metric).toMatch(
      /allow_regex must be true or false/,
    );
  });

  it('exact turns numeric tolerance off', () => {
    const e = { events: [{ t: 1, label: 'a', value: 1 }] };
    const a = { events: [{ t: 1, label: 'a', value: 1.001 }] };
    expect(tester.compare(e, a, { abs: 0.01 }, 'timeline').status).toBe('pass');
    expect(tester.compare(e, a, { abs: 0.01, compare: 'exact' }, 'timeline').status).toBe('fail');
  });
});

describe('tree', () => {
  it('label-only nodes are matched by label and their fields compared', () => {
    const e = {
      root: {
        label: 'root',
        children: [
          { label: 'a', value: 1 },
          { label: 'b', value: 2 },
        ],
      },
    };
    const a = {
      root: {
        label: 'root',
        children: [
          { label: 'b', value: 3 },
          { label: 'a', value: 1 },
        ],
      },
    };
    const r = tester.compare(e, a, undefined, 'tree');
    expect(paths(r)).toEqual(['root.children[label=b].value']);
  });

  it('nodes by id: paths like root.children[id=b].label', () => {
    const e = {
      root: {
        id: 'r',
        label: 'R',
        children: [
          { id: 'a', label: 'A' },
          { id: 'b', label: 'B', children: [{ id: 'c', label: 'C' }] },
        ],
      },
    };
    const a = {
      root: {
        id: 'r',
        label: 'R',
        children: [
          { id: 'b', label: 'Bee', children: [{ id: 'c', label: 'C', colour: 'red' }] },
          { id: 'a', label: 'A' },
        ],
      },
    };
    const r = tester.compare(e, a, undefined, 'tree');
    expect(paths(r)).toEqual(['root.children[id=b].label', 'root.children[id=b].children[id=c].colour']);
  });

  it('children order matters only when asked', () => {
    const e = { root: { name: 'r', children: [{ name: 'x' }, { name: 'y' }] } };
    const a = { root: { name: 'r', children: [{ name: 'y' }, { name: 'x' }] } };
    expect(tester.compare(e, a, undefined, 'tree').status).toBe('pass');
    const r = tester.compare(e, a, { children_order: 'ordered' }, 'tree');
    expect(paths(r)).toEqual(['root.children[0].name', 'root.children[1].name']);
    expect(tester.compare(e, a, { compare: 'ordered' }, 'tree').status).toBe('fail');
  });

  it('missing and extra children are named; absent children equal an empty list', () => {
    const r = tester.compare(
      { root: { label: 'r', children: [{ label: 'p' }, { label: 'q' }] } },
      { root: { label: 'r', children: [{ label: 'p' }, { label: 'z' }] } },
      undefined,
      'tree',
    );
    expect(paths(r)).toEqual(['root.children[label=q]', 'root.children[label=z]']);
    expect(messages(r)).toMatch(/unmatched actual children: label "z"/);
    expect(
      tester.compare({ root: { label: 'r' } }, { root: { label: 'r', children: [] } }, undefined, 'tree').status,
    ).toBe('pass');
  });

  it('repeated labels match in order of occurrence, each with its own path', () => {
    const e = {
      root: {
        label: 'r',
        children: [
          { label: 'x', value: 1 },
          { label: 'x', value: 2 },
        ],
      },
    };
    const r = tester.compare(
      e,
      {
        root: {
          label: 'r',
          children: [
            { label: 'x', value: 1 },
            { label: 'x', value: 5 },
          ],
        },
      },
      undefined,
      'tree',
    );
    expect(paths(r)).toEqual(['root.children[label=x#2].value']);
  });

  it('values use the numeric tolerance when one is configured', () => {
    const e = { root: { label: 'r', value: 100 } };
    expect(tester.compare(e, { root: { label: 'r', value: 100.4 } }, undefined, 'tree').status).toBe('fail');
    expect(tester.compare(e, { root: { label: 'r', value: 100.4 } }, { abs: 0.5 }, 'tree').status).toBe('pass');
  });
});

describe('timeline and gantt', () => {
  const events = [
    { t: '2024-01-01', label: 'a' },
    { t: '2024-02-01', label: 'b' },
  ];

  it('events in order by default, matched by time when asked', () => {
    const swapped = { events: [events[1], events[0]] };
    expect(tester.compare({ events }, swapped, undefined, 'timeline').status).toBe('fail');
    expect(tester.compare({ events }, swapped, { order: 'by_time' }, 'timeline').status).toBe('pass');
    expect(tester.compare({ events }, swapped, { compare: 'unordered' }, 'timeline').status).toBe('pass');
    const r = tester.compare(
      { events },
      { events: [events[0], { t: '2024-02-02', label: 'b' }] },
      { order: 'by_time' },
      'timeline',
    );
    expect(paths(r)).toEqual(['events[t=2024-02-01]', 'events[t=2024-02-02]']);
  });

  it('every field is compared, extra fields included; ignore_fields drops some', () => {
    const r = tester.compare(
      { events },
      { events: [events[0], { ...events[1], colour: 'red' }] },
      undefined,
      'timeline',
    );
    expect(paths(r)).toEqual(['events[1].colour']);
    expect(
      tester.compare(
        { events },
        { events: [events[0], { ...events[1], colour: 'red' }] },
        { ignore_fields: ['colour'] },
        'timeline',
      ).status,
    ).toBe('pass');
  });

  it('count differences list the missing events', () => {
    const r = tester.compare({ events }, { events: [events[0]] }, undefined, 'timeline');
    expect(paths(r)).toEqual(['events', 'events[1]']);
  });

  it('gantt tasks matched by id or name when asked', () => {
    const tasks = [
      { id: 't1', name: 'Design', start: 1, end: 3 },
      { id: 't2', name: 'Build', start: 3, end: 9 },
    ];
    expect(tester.compare({ tasks }, { tasks: [tasks[1], tasks[0]] }, undefined, 'gantt').status).toBe('fail');
    expect(tester.compare({ tasks }, { tasks: [tasks[1], tasks[0]] }, { order: 'by_id' }, 'gantt').status).toBe('pass');
    const r = tester.compare(
      { tasks },
      { tasks: [{ ...tasks[1], end: 10 }, tasks[0]] },
      { compare: 'unordered' },
      'gantt',
    );
    expect(paths(r)).toEqual(['tasks[id=t2].end']);
  });
});

describe('log', () => {
  it("re: lines are full-match regexes against the text (or an object line's message)", () => {
    const e = { lines: ['re:took \\d+ ms', { level: 'info', message: 're:user \\w+ in' }] };
    expect(
      tester.compare(e, { lines: ['took 12 ms', { level: 'info', message: 'user bob in' }] }, undefined, 'log').status,
    ).toBe('pass');
    const r = tester.compare(
      e,
      { lines: ['took 12 ms!', { level: 'info', message: 'user bob in' }] },
      undefined,
      'log',
    );
    expect(paths(r)).toEqual(['lines[0]']);
    expect(messages(r)).toMatch(/does not fully match the regex "took \\\\d\+ ms"/);
  });

  it('allow_regex: false compares re: lines literally', () => {
    expect(tester.compare({ lines: ['re:a+'] }, { lines: ['aaa'] }, { allow_regex: false }, 'log').status).toBe('fail');
    expect(tester.compare({ lines: ['re:a+'] }, { lines: ['re:a+'] }, { allow_regex: false }, 'log').status).toBe(
      'pass',
    );
  });

  it('an invalid regex is a difference naming it', () => {
    const r = tester.compare({ lines: ['re:(oops'] }, { lines: ['(oops'] }, undefined, 'log');
    expect(r.status).toBe('fail');
    expect(messages(r)).toMatch(/lines\[0\]: invalid regex "\(oops" in expected line/);
  });

  it('object lines compare every field; a string line states only the text', () => {
    const r = tester.compare(
      { lines: [{ level: 'info', message: 'up' }] },
      { lines: [{ level: 'warn', message: 'up' }] },
      undefined,
      'log',
    );
    expect(paths(r)).toEqual(['lines[0].level']);
    expect(
      tester.compare({ lines: ['up'] }, { lines: [{ level: 'info', message: 'up' }] }, undefined, 'log').status,
    ).toBe('pass');
    expect(
      paths(tester.compare({ lines: ['up'] }, { lines: [{ level: 'info', message: 'down' }] }, undefined, 'log')),
    ).toEqual(['lines[0].message']);
  });

  it('unordered mode treats lines as a multiset, regex lines included', () => {
    const e = { lines: ['b', 're:a\\d', 'b'] };
    expect(tester.compare(e, { lines: ['a1', 'b', 'b'] }, { compare: 'unordered' }, 'log').status).toBe('pass');
    expect(tester.compare(e, { lines: ['a1', 'b', 'c'] }, { compare: 'unordered' }, 'log').status).toBe('fail');
  });
});

describe('diff', () => {
  it('a conforming {before, after} value passes against itself and compares line by line', () => {
    const e = { before: 'a\nb\nc', after: 'a\nB\nc' };
    expect(tester.compare(e, structuredClone(e), undefined, 'diff').status).toBe('pass');
    const r = tester.compare(e, { before: 'a\nb\nc', after: 'a\nB2\nc\nd' }, undefined, 'diff');
    expect(paths(r)).toEqual(['after', 'after[line 2]', 'after[line 4]']);
    expect(messages(r)).toMatch(/after\[line 2\]: line differs: expected "B", got "B2"/);
  });

  it('both sides are checked; other fields too', () => {
    const r = tester.compare(
      { before: 'x', after: 'y', language: 'py' },
      { before: 'X', after: 'y', language: 'js' },
      undefined,
      'diff',
    );
    expect(paths(r)).toEqual(['before', 'before[line 1]', 'language']);
  });

  it('a missing side or a non-string side is named', () => {
    expect(messages(tester.compare({ before: 'a', after: 'b' }, { before: 'a' }, undefined, 'diff'))).toMatch(
      /after: actual\.after is missing/,
    );
    expect(
      tester.compare({ before: 'a', after: 'b' }, { before: ['a'], after: 'b' }, undefined, 'diff').metric,
    ).toMatch(/1 of \d+ lines differs/);
  });

  it('a unified diff given as a string is compared as text', () => {
    expect(tester.compare('--- a\n+++ b\n', '--- a\n+++ b\n', undefined, 'diff').status).toBe('pass');
    expect(tester.compare('--- a\n+++ b\n', '--- a\n+++ c\n', undefined, 'diff').status).toBe('fail');
  });
});

describe('never throws', () => {
  it('on arbitrary JSON for every structural type and mode', () => {
    const node: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      n: fc.record(
        {
          id: fc.oneof(fc.string(), fc.integer()),
          label: fc.jsonValue(),
          value: fc.jsonValue(),
          children: fc.oneof(fc.array(tie('n'), { maxLength: 3 }), fc.jsonValue()),
        },
        { requiredKeys: [] },
      ),
    })).n;
    const shapes = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          root: fc.oneof(node, fc.jsonValue()),
          events: fc.jsonValue(),
          tasks: fc.jsonValue(),
          lines: fc.array(
            fc.oneof(
              fc.string().map((s) => `re:${s}`),
              fc.jsonValue(),
            ),
          ),
          before: fc.jsonValue(),
          after: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...STRUCTURAL_TYPES),
        shapes,
        shapes,
        fc.constantFrom(undefined, 'unordered', 'ordered'),
        (type, e, a, mode) => {
          const tol = mode && type !== 'diff' ? { compare: mode } : {};
          const r = tester.compare(e, a, tol, type);
          expect(['pass', 'fail']).toContain(r.status);
        },
      ),
      { numRuns: 400 },
    );
  });
});

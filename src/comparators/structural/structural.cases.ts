// Contract cases for the structural comparator: tree, timeline, gantt, log and diff.
import type { ContractCase } from '../types.js';

const org = {
  root: {
    id: 'ceo',
    label: 'CEO',
    value: 1,
    children: [
      { id: 'a', label: 'Engineering', value: 40, children: [{ label: 'Platform' }, { label: 'Apps' }] },
      { id: 'b', label: 'Sales', value: 12 },
    ],
  },
};

export const contractCases: ContractCase[] = [
  {
    label: 'tree: nodes by id, children unordered, every field',
    type: 'tree',
    value: org,
    changed: { root: { ...org.root, children: [org.root.children[1], { ...org.root.children[0], label: 'R&D' }] } },
    changedPath: 'root.children[id=a].label',
    boundary: {
      expected: {
        root: {
          label: 'r',
          value: 10,
          children: [
            { label: 'x', value: 1 },
            { label: 'y', value: 2 },
          ],
        },
      },
      actual: {
        root: {
          label: 'r',
          value: 10.01,
          children: [
            { label: 'y', value: 2 },
            { label: 'x', value: 1.01 },
          ],
        },
      },
      tolerance: { abs: 0.01 },
    },
    garbage: { root: [] },
  },
  {
    label: 'timeline: events in order',
    type: 'timeline',
    value: {
      events: [
        { t: '2024-01-01', label: 'Kick-off' },
        { t: '2024-03-15', label: 'Beta', detail: 'internal' },
      ],
    },
    changed: {
      events: [
        { t: '2024-01-01', label: 'Kick-off' },
        { t: '2024-03-16', label: 'Beta', detail: 'internal' },
      ],
    },
    changedPath: 'events[1].t',
    boundary: {
      expected: { events: [{ t: 1000, label: 'a' }] },
      actual: { events: [{ t: 1000.5, label: 'a' }] },
      tolerance: { abs: 0.5 },
    },
    garbage: { events: { t: 1 } },
  },
  {
    label: 'gantt: tasks in order',
    type: 'gantt',
    value: {
      tasks: [
        { id: 't1', name: 'Design', start: '2024-01-01', end: '2024-01-10' },
        { id: 't2', name: 'Build', start: '2024-01-11', end: '2024-02-20', progress: 0.4 },
      ],
    },
    changed: {
      tasks: [
        { id: 't1', name: 'Design', start: '2024-01-01', end: '2024-01-12' },
        { id: 't2', name: 'Build', start: '2024-01-11', end: '2024-02-20', progress: 0.4 },
      ],
    },
    changedPath: 'tasks[0].end',
    boundary: {
      expected: { tasks: [{ name: 'a', start: 0, end: 10, progress: 0.4 }] },
      actual: { tasks: [{ name: 'a', start: 0, end: 10, progress: 0.41 }] },
      tolerance: { abs: 0.01 },
    },
    garbage: 'tasks',
  },
  {
    label: 'log: lines in order, re: lines are regexes',
    type: 'log',
    value: {
      lines: [
        { level: 'info', message: 'server started' },
        'request took 12 ms',
        { level: 'warn', message: 'slow query' },
      ],
    },
    changed: {
      lines: [
        { level: 'info', message: 'server started' },
        'request took 12 ms',
        { level: 'error', message: 'slow query' },
      ],
    },
    changedPath: 'lines[2].level',
    boundary: {
      expected: { lines: ['re:request took \\d+ ms', { level: 'info', message: 're:user \\w+ logged in' }] },
      actual: { lines: ['request took 431 ms', { level: 'info', message: 'user bob logged in' }] },
      tolerance: { allow_regex: true },
    },
    garbage: { lines: [42] },
  },
  {
    label: 'diff: before and after as text',
    type: 'diff',
    value: { before: 'def f(x):\n    return x\n', after: 'def f(x):\n    return x + 1\n', language: 'python' },
    changed: { before: 'def f(x):\n    return x\n', after: 'def f(x):\n    return x + 2\n', language: 'python' },
    changedPath: 'after[line 2]',
    boundary: {
      expected: { before: 'a', after: 'b' },
      actual: { before: 'a', after: 'b' },
      tolerance: {},
    },
    garbage: { before: 'a', after: 42 },
  },
];

/// <reference types="vite/client" />
// Every check writes its sentences from one table beside its rule (src/checks/<name>.ts): each entry
// gives text, and each is used by the check's own file, so a table cannot keep sentences nobody says.
import { describe, expect, it } from 'vitest';
import { silentEntries, unusedEntries } from '../util/message-table.test-helper.js';
import { CHECKS } from './index.js';

// every file but the list and the shared types: each holds one check
const MODULES = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts', '!./index.ts', '!./types.ts'], {
  eager: true,
});
const SOURCES = import.meta.glob<string>(['./*.ts', '!./*.test.ts', '!./index.ts', '!./types.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe.each(CHECKS.map((c) => [c.name, c] as const))('check %s', (_name, check) => {
  const file = Object.keys(MODULES).find((f) => Object.values(MODULES[f]!).includes(check));

  it('is exported by a file of its own in src/checks/', () => {
    expect(file).toBeDefined();
  });

  it('has a message table whose every entry gives text', () => {
    expect(Object.keys(check.messages).length).toBeGreaterThan(0);
    expect(silentEntries(check.messages)).toEqual([]);
  });

  it('uses every entry of its table in its file', () => {
    expect(unusedEntries(check.messages, [SOURCES[file!]!])).toEqual([]);
  });
});

describe('the message-table tests', () => {
  it('find an entry nobody uses, and one that gives no text', () => {
    const table = { used: () => 'said', unused: () => 'never said', empty: () => ' ' };
    expect(unusedEntries(table, ['messages.used(); messages.empty()'])).toEqual(['unused']);
    expect(silentEntries(table)).toEqual(['empty gave " "']);
    const throws = () => {
      throw new Error('no sentence');
    };
    expect(silentEntries({ throws })).toEqual(['throws threw no sentence']);
  });
});

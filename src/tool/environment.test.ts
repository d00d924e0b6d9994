// A tool's environment: the base variables, its .env, the declared names from pixie's environment,
// nothing else; the summary carries names, never values.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolEnvironment } from './environment.js';

const parent = {
  PATH: '/usr/bin',
  HOME: '/home/me',
  API_KEY: 'key-value',
  DATABASE_URL: 'postgres://secret',
  GITHUB_TOKEN: 'ghp-token',
  FROM_BOTH: 'from-pixie',
};

describe('toolEnvironment', () => {
  it('passes the base variables and the declared names, withholds the rest, and reads .env beneath them', () => {
    const toolDir = mkdtempSync(path.join(os.tmpdir(), 'pixie-env-'));
    writeFileSync(path.join(toolDir, '.env'), 'LOCAL_ONLY=dot\nFROM_BOTH=from-dotenv\n');
    const { env, summary } = toolEnvironment(
      toolDir,
      ['API_KEY', 'FROM_BOTH', 'NOT_SET', 'API_KEY'],
      { PORT: '1234' },
      parent,
    );
    expect(env).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/me',
      LOCAL_ONLY: 'dot',
      API_KEY: 'key-value',
      // a value in pixie's environment wins over the tool's .env default
      FROM_BOTH: 'from-pixie',
      PORT: '1234',
    });
    expect(summary).toEqual({
      passed: ['API_KEY', 'FROM_BOTH', 'HOME', 'PATH'],
      withheld: ['DATABASE_URL', 'GITHUB_TOKEN'],
      missing: ['NOT_SET'],
      from_dotenv: ['FROM_BOTH', 'LOCAL_ONLY'],
    });
    for (const value of Object.values(parent)) expect(JSON.stringify(summary)).not.toContain(value);
  });

  it('a name set only in .env is not missing', () => {
    const toolDir = mkdtempSync(path.join(os.tmpdir(), 'pixie-env-'));
    writeFileSync(path.join(toolDir, '.env'), 'API_KEY=local\n');
    expect(toolEnvironment(toolDir, ['API_KEY'], {}, {}).summary).toEqual({
      passed: [],
      withheld: [],
      missing: [],
      from_dotenv: ['API_KEY'],
    });
  });
});

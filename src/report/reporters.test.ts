// The reporter registry is the one list of reporters: pixie.config's `reporters` (config.schema.json)
// and docs/report.md name exactly its reporters (ARCHITECTURE.md, "A new reporter").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPORTERS } from './reporters.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');

describe('the reporter registry', () => {
  it("config.schema.json's reporters are the registry's", () => {
    const schema = JSON.parse(read('reference-schemas/config.schema.json'));
    expect(Object.keys(schema.properties.reporters.properties).sort()).toEqual(REPORTERS.map((r) => r.name).sort());
  });

  it('docs/report.md names the file flag of every reporter', () => {
    const doc = read('docs/report.md');
    expect(REPORTERS.map((r) => `--${r.name}`).filter((flag) => !doc.includes(flag))).toEqual([]);
  });
});

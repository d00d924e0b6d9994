// Editor support: every schema in reference-schemas/ has an $id naming its path, and a tool.json that
// points at its schema with "$schema" (as editors want) is still a valid manifest.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManifest } from '../src/tool/manifest.js';
import { REPO_ROOT } from './helpers/pixie.js';

const SCHEMAS = path.join(REPO_ROOT, 'reference-schemas');

function schemaFiles(dir = SCHEMAS): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? schemaFiles(path.join(dir, e.name))
      : e.name.endsWith('.schema.json')
        ? [path.join(dir, e.name)]
        : [],
  );
}

describe('editor schemas', () => {
  it('every schema has an $id made of its path', () => {
    const files = schemaFiles();
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const rel = path.relative(SCHEMAS, file).split(path.sep).join('/');
      expect(JSON.parse(readFileSync(file, 'utf8')).$id, rel).toBe(`https://pixie.dev/schemas/${rel}`);
    }
  });

  it('tool.json may name its schema with "$schema"', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pixie-schema-'));
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'tools', 'compound-interest', 'tool.json'), 'utf8'));
    writeFileSync(
      path.join(dir, 'tool.json'),
      JSON.stringify({ $schema: './node_modules/pixie-validator/reference-schemas/tool.schema.json', ...manifest }),
    );
    const load = loadManifest(dir);
    expect(load.ok ? [] : load.problems.map((p) => p.message)).toEqual([]);
  });
});

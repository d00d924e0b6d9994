// Reads and validates a tool's tool.json: JSON syntax (with line and column), duplicate keys (which
// JSON.parse silently drops), then reference-schemas/tool.schema.json. Every problem becomes one
// sentence with its JSON pointer, its line, and the fix.

import type { Manifest } from '../model/manifest.js';
import { inWhere, toolJsonSchemaProblems } from './manifest-schema-errors.js';
import { toolJsonSyntaxProblems } from './manifest-syntax.js';
import { finding, type Finding } from '../model/finding.js';
import { excerpt } from '../source/excerpt.js';
import { readJsonSource } from '../source/json-source.js';
import { toPointer } from '../source/path.js';
import { readUserFile } from '../source/user-file.js';
import { asDoubles } from '../util/as-doubles.js';

export type ManifestLoad =
  | { ok: true; manifest: Manifest; raw: unknown; text: string }
  | { ok: false; stage: 'missing' | 'read' | 'json' | 'schema'; problems: Finding[] };

const FILE = 'tool.json';

export function loadManifest(toolDir: string): ManifestLoad {
  // a regular file inside the tool, up to the size limit: never a link out of it, a FIFO or a device
  const read = readUserFile(toolDir, FILE);
  if (!read.ok) {
    if (read.code === 'ENOENT') {
      return {
        ok: false,
        stage: 'missing',
        problems: [
          finding('missing-file', {
            file: FILE,
            message: `${FILE} not found in ${toolDir} — create it (see reference-schemas/tool.schema.json)`,
          }),
        ],
      };
    }
    return {
      ok: false,
      stage: 'read',
      problems: [
        finding(read.kind === 'outside' ? 'outside-tool' : 'unreadable-file', {
          file: FILE,
          message: `${FILE} could not be read: ${read.reason} — ${read.fix}`,
        }),
      ],
    };
  }
  return parseManifestText(read.text);
}

/** Validates tool.json text already in memory (loadManifest without the file system). */
export function parseManifestText(text: string): ManifestLoad {
  const source = readJsonSource(text);
  const syntax = (fields: { line?: number; message: string }): Finding =>
    finding('json-syntax', { file: FILE, ...fields });
  switch (source.kind) {
    case 'empty':
      return {
        ok: false,
        stage: 'json',
        problems: [
          syntax({
            line: 1,
            message: `${FILE} is empty — it must hold one JSON object with id, name, inputs and outputs`,
          }),
        ],
      };
    case 'syntax':
      return { ok: false, stage: 'json', problems: toolJsonSyntaxProblems(source).map(syntax) };
    case 'refused':
      // jsonc-parser accepted something JSON.parse refuses; report JSON.parse's own words
      return {
        ok: false,
        stage: 'json',
        problems: [
          syntax({ message: `${FILE} is not valid JSON: ${excerpt(source.reason, 100)} — fix the syntax there` }),
        ],
      };
    case 'too-deep':
      return {
        ok: false,
        stage: 'json',
        problems: [
          syntax({
            line: source.line,
            message: `${FILE} nests objects and arrays too deeply to read — flatten it (a tool.json needs only a few levels)`,
          }),
        ],
      };
    case 'parsed':
      break;
  }
  if (source.duplicates.length) {
    return {
      ok: false,
      stage: 'json',
      problems: source.duplicates.map(({ key, path: segments, line, firstLine }) =>
        finding('duplicate-key', {
          file: FILE,
          path: toPointer(segments),
          line,
          message: `duplicate key '${excerpt(key)}' ${inWhere(toPointer(segments.slice(0, -1)))} (${firstLine === line ? `twice on line ${line}` : `lines ${firstLine} and ${line}`}) — JSON keeps only the last one; remove or rename one of them`,
        }),
      ),
    };
  }
  // tool.json's numbers are bounds, steps and timeouts: doubles, even where written past 2^53
  const data = asDoubles(source.data);
  const problems = toolJsonSchemaProblems(data, source.lineOf);
  if (problems.length) return { ok: false, stage: 'schema', problems };
  return { ok: true, manifest: structuredClone(data) as Manifest, raw: data, text };
}

// tool.json's load problems as findings, each located in tool.json.
import { finding, type Finding } from '../report/finding.js';
import type { FindingCode } from '../report/severity.js';
import type { ManifestLoad } from './manifest.js';

const CODE_OF_STAGE: Record<Exclude<ManifestLoad, { ok: true }>['stage'], FindingCode> = {
  missing: 'missing-file',
  read: 'unreadable-file',
  json: 'json-syntax',
  schema: 'schema',
};

export function manifestFindings(load: ManifestLoad): Finding[] {
  if (load.ok) return [];
  return load.problems.map((p) => {
    const code = load.stage === 'json' && p.message.startsWith('duplicate key') ? 'duplicate-key' : CODE_OF_STAGE[load.stage];
    return finding(code, { file: 'tool.json', ...(p.line ? { line: p.line } : {}), path: p.path, message: p.message });
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadManifest } from '../tool/manifest.js';
import type { Check } from './types.js';

export const toolJsonParses: Check = {
  name: 'tool_json_parses',
  phase: 'contract',
  startsTool: true,
  run({ toolDir, state }) {
    if (!existsSync(path.join(toolDir, 'tool.json'))) {
      return { status: 'skip', message: 'skipped: tool.json is missing (check 1)' };
    }
    const load = loadManifest(toolDir);
    state.manifestLoad = load;
    if (load.ok) {
      state.manifest = load.manifest;
      state.rawManifest = load.raw;
      if (typeof load.manifest.id === 'string' && load.manifest.id) state.toolId = load.manifest.id;
      return {
        status: 'pass',
        message: `tool.json is valid (id '${load.manifest.id}', ${load.manifest.inputs.length} input(s), ${load.manifest.outputs.length} output(s))`,
      };
    }
    const findings = load.problems;
    // messages already name their line where it helps (syntax errors); the others get it in front
    const lines = findings.map((f) =>
      f.line && f.code !== 'json-syntax' ? `line ${f.line}: ${f.message}` : f.message,
    );
    const message =
      load.stage === 'json'
        ? `tool.json is not valid JSON: ${lines[0]}`
        : load.stage === 'read' || load.stage === 'missing'
          ? `could not read tool.json: ${lines[0]}`
          : `tool.json failed schema validation (${load.problems.length} issue(s)): ${lines[0]}`;
    return { status: 'fail', message, details: lines.join('\n'), findings };
  },
};

import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadManifest } from '../tool/manifest.js';
import type { MessageTable } from '../util/message-table.js';
import type { Check } from './types.js';

const messages = {
  noToolJson: () => 'skipped: tool.json is missing (check 1)',
  valid: (id: string, inputs: number, outputs: number) =>
    `tool.json is valid (id '${id}', ${inputs} input(s), ${outputs} output(s))`,
  atLine: (line: number, message: string) => `line ${line}: ${message}`,
  notJson: (first: string | undefined) => `tool.json is not valid JSON: ${first}`,
  unreadable: (first: string | undefined) => `could not read tool.json: ${first}`,
  invalid: (n: number, first: string | undefined) => `tool.json failed schema validation (${n} issue(s)): ${first}`,
} satisfies MessageTable;

export const toolJsonParses: Check = {
  name: 'tool_json_parses',
  phase: 'contract',
  startsTool: true,
  messages,
  run({ toolDir, state }) {
    if (!existsSync(path.join(toolDir, 'tool.json'))) {
      return { status: 'skip', message: messages.noToolJson() };
    }
    const load = loadManifest(toolDir);
    state.manifestLoad = load;
    if (load.ok) {
      state.manifest = load.manifest;
      state.rawManifest = load.raw;
      if (typeof load.manifest.id === 'string' && load.manifest.id) state.toolId = load.manifest.id;
      return {
        status: 'pass',
        message: messages.valid(load.manifest.id, load.manifest.inputs.length, load.manifest.outputs.length),
      };
    }
    const findings = load.problems;
    // messages already name their line where it helps (syntax errors); the others get it in front
    const lines = findings.map((f) =>
      f.line && f.code !== 'json-syntax' ? messages.atLine(f.line, f.message) : f.message,
    );
    const message =
      load.stage === 'json'
        ? messages.notJson(lines[0])
        : load.stage === 'read' || load.stage === 'missing'
          ? messages.unreadable(lines[0])
          : messages.invalid(load.problems.length, lines[0]);
    return { status: 'fail', message, details: lines.join('\n'), findings };
  },
};

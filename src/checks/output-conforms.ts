import { excerptList } from '../source/excerpt.js';
import { responseProblems } from '../tool/response-shape.js';
import type { Check } from './types.js';

export const outputConforms: Check = {
  name: 'output_conforms',
  phase: 'contract',
  requires: ['sample_run_succeeds'],
  run({ state }) {
    const outputs = state.manifest!.outputs;
    const body = state.sampleOutput!;
    const problems = responseProblems(outputs, body).map((p) => p.message);
    const declared = new Set(outputs.map((o) => o.key));
    // run_id echoes are common and harmless
    const extra = Object.keys(body).filter((k) => !declared.has(k) && k !== 'run_id');
    if (problems.length) {
      return {
        status: 'fail',
        message: `${problems.length} output conformance issue(s): ${problems[0]}`,
        details: problems.join('\n') + (extra.length ? `\nundeclared keys: ${excerptList(extra, 50)}` : ''),
      };
    }
    if (extra.length) {
      return {
        status: 'warn',
        message: `response contained ${extra.length} undeclared key(s): ${excerptList(extra)}`,
        details: 'declare them in tool.json outputs, or stop returning them',
      };
    }
    return { status: 'pass', message: `all ${outputs.length} declared output(s) present and conformant` };
  },
};

import { excerptList } from '../source/excerpt.js';
import { responseProblems } from '../tool/response-shape.js';
import type { MessageTable } from '../util/message-table.js';
import type { Check } from './types.js';

const messages = {
  issues: (n: number, first: string | undefined) => `${n} output conformance issue(s): ${first}`,
  undeclaredKeys: (keys: string[]) => `undeclared keys: ${excerptList(keys, 50)}`,
  undeclared: (keys: string[]) => `response contained ${keys.length} undeclared key(s): ${excerptList(keys)}`,
  declareThem: () => 'declare them in tool.json outputs, or stop returning them',
  conformant: (n: number) => `all ${n} declared output(s) present and conformant`,
} satisfies MessageTable;

export const outputConforms: Check = {
  name: 'output_conforms',
  phase: 'contract',
  requires: ['sample_run_succeeds'],
  messages,
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
        message: messages.issues(problems.length, problems[0]),
        details: [...problems, ...(extra.length ? [messages.undeclaredKeys(extra)] : [])].join('\n'),
      };
    }
    if (extra.length) {
      return {
        status: 'warn',
        message: messages.undeclared(extra),
        details: messages.declareThem(),
      };
    }
    return { status: 'pass', message: messages.conformant(outputs.length) };
  },
};

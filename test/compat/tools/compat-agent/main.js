// Compat agent: a chat tool in the original Pixie's streaming form. POST /run answers at once with
// the run_id and placeholders; GET /stream sends the reply as {"chunk": "…", "done": false} events
// (the text of the one streaming stream_text output), the tool calls under their output key, and
// a final {"tool_calls": …, "chunk": "", "done": true}.
import { serveTool, sleep } from '../../../tools/_shared/tool-server.mjs';

const pending = new Map();

/** A calculator "agent": evaluates `a op b` in the last user message. */
function answer(messages) {
  const last = [...(messages ?? [])].reverse().find((m) => m?.role === 'user');
  const m = /(-?\d+(?:\.\d+)?)\s*([-+*/])\s*(-?\d+(?:\.\d+)?)/.exec(String(last?.content ?? ''));
  if (!m) return { text: 'ready.', calls: [] };
  const [a, op, b] = [Number(m[1]), m[2], Number(m[3])];
  const result = op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a / b;
  return { text: `${a} ${op} ${b} = ${result}`, calls: [{ tool: 'calculator', input: `${a} ${op} ${b}`, result }] };
}

serveTool({
  dir: import.meta.dirname,
  run: (inputs, body) => {
    const runId = body.run_id ?? 'validator';
    pending.set(runId, inputs);
    return { run_id: runId, reply: '', tool_calls: { lines: [] } };
  },
  stream: async (events, runId) => {
    // the stream may open before /run has registered the run: answer the default question then
    const inputs = pending.get(runId) ?? { messages: [{ role: 'user', content: 'What is 7 * 8?' }] };
    pending.delete(runId);
    const { text, calls } = answer(inputs.messages);
    for (const word of text.split(' ')) {
      events.send({ chunk: `${word} `, done: false });
      await sleep(2);
    }
    const lines = calls.map((c, i) => ({ t: i, level: 'tool', message: JSON.stringify(c) }));
    if (lines.length) events.send({ tool_calls: { lines }, done: false });
    events.send({ tool_calls: { lines }, chunk: '', done: true });
    events.end();
  },
});

// Breaks check 10 only: events in the original Pixie's form ({..., "done": false}, then {"done": true}),
// as its ml-training template sends them, but no event names the streaming output `story`.
import { serveTool, sleep } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ story: inputs.text }),
  stream: async (events) => {
    for (let epoch = 1; epoch <= 3; epoch++) {
      events.send({ epoch, loss: 1 / epoch, done: false });
      await sleep(5);
    }
    events.send({ done: true });
    events.end();
  },
});

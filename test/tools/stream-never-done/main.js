// Breaks check 10 only: /stream sends its words but never a done: true event and keeps the
// connection open, so pixie waits max_runtime_seconds + 5 s for it.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ story: inputs.text }),
  stream: async (events) => {
    for (const word of ['once ', 'upon ', 'a ', 'time']) events.send({ output_key: 'story', value: word, done: false });
  },
});

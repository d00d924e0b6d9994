// Breaks check 10 only: /stream sends plain words as SSE data instead of JSON events.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ story: inputs.text }),
  stream: async (events) => {
    events.send('once upon a time');
    events.end();
  },
});

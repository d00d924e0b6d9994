// Breaks check 10 only: /stream answers application/json (a whole list at once), not text/event-stream.
import { sendJson, serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ story: inputs.text }),
  routes: {
    'GET /stream': (_req, res) => sendJson(res, 200, [{ output_key: 'story', value: 'once upon a time', done: true }]),
  },
});

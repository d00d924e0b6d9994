// Breaks check 6: listens on the right port, but /healthz answers 503 forever (a warm-up that never ends).
import { sendJson, serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ total: inputs.a + inputs.b }),
  routes: { 'GET /healthz': (_req, res) => sendJson(res, 503, { status: 'warming up' }) },
});

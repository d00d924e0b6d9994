// Breaks check 8: /run answers a JSON array of values instead of an object keyed by output.
import { sendJson, serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ total: inputs.a + inputs.b }),
  routes: { 'POST /run': (_req, res, { body }) => sendJson(res, 200, [body.inputs.a + body.inputs.b]) },
});

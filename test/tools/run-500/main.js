// Breaks check 8: /run answers 500 with a FastAPI-style {detail}.
import { sendJson, serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ total: inputs.a + inputs.b }),
  routes: { 'POST /run': (_req, res) => sendJson(res, 500, { detail: 'division by zero in rate table' }) },
});

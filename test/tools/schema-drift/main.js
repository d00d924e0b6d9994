// Breaks check 7 only: /schema serves an older copy of tool.json (label and limit changed), as a
// tool does when it embeds its manifest at build time and the file moves on.
import { readManifest, sendJson, serveTool } from '../_shared/tool-server.mjs';

const stale = readManifest(import.meta.dirname);
stale.outputs[0].label = 'Sum';
stale.max_runtime_seconds = 30;

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ total: inputs.a + inputs.b }),
  routes: { 'GET /schema': (_req, res) => sendJson(res, 200, stale) },
});

// Control for check 7: /schema serves the same JSON value written differently (keys reversed,
// 5 written as 5.0, no whitespace). Compared as JSON values it matches tool.json: check 7 passes.
import { readManifest, serveTool } from '../_shared/tool-server.mjs';

const reversed = (v) =>
  Array.isArray(v)
    ? v.map(reversed)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .reverse()
            .map(([k, x]) => [k, reversed(x)]),
        )
      : v;
const text = JSON.stringify(reversed(readManifest(import.meta.dirname))).replace(
  '"max_runtime_seconds":5',
  '"max_runtime_seconds":5.0',
);

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ total: inputs.a + inputs.b }),
  routes: {
    'GET /schema': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    },
  },
});

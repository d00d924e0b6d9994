// A tree output nested `depth` levels deep (the JSON is written as text: building it as an object
// would overflow the tool's own stack). The fixture asks for 5000 levels: pixie must fail the
// fixture with a sentence, not crash --json or answer 500 in serve.
import { sendJson, serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: () => ({}),
  routes: {
    'POST /run': (_req, res, { body }) => {
      const depth = Number((body.inputs ?? body).depth ?? 1);
      if (depth <= 1) return sendJson(res, 200, { tree: { root: { name: 'leaf' } } });
      const text = `{"tree":{"root":${'{"name":"n","children":['.repeat(depth)}{"name":"leaf"}${']}'.repeat(depth)}}}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    },
  },
});

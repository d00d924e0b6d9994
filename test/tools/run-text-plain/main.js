// Breaks check 8: /run answers 200 with text/plain, not a JSON object.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ total: inputs.a + inputs.b }),
  routes: {
    'POST /run': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('total = 5');
    },
  },
});

// GET /stream sends one `data:` line that never ends (no newline), a chunk at a time, until pixie
// hangs up: reading it must stay linear and stop at the output budget, failing check 10.
import { serveTool } from '../_shared/tool-server.mjs';

const CHUNK = 'x'.repeat(256 * 1024);

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ story: inputs.text }),
  routes: {
    'GET /stream': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('data: ');
      let closed = false;
      res.on('close', () => {
        closed = true;
      });
      res.on('error', () => {});
      const pump = () => {
        while (!closed) if (!res.write(CHUNK)) return res.once('drain', pump);
      };
      pump();
    },
  },
});

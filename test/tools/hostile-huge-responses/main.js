// Answers a fixture's /run with `mb` MiB of text, written a chunk at a time so the tool itself stays
// small. Four fixtures ask for 255 MiB each: pixie must refuse each answer at its share of the
// output budget, keep its own memory bounded, and still print --json.
import { sendJson, serveTool } from '../_shared/tool-server.mjs';

const CHUNK = 'x'.repeat(1024 * 1024);

serveTool({
  dir: import.meta.dirname,
  run: () => ({ out: 'small' }),
  routes: {
    'POST /run': (_req, res, { body }) => {
      const mb = Number((body.inputs ?? body).mb ?? 0);
      if (!mb) return sendJson(res, 200, { out: 'small' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"out":"');
      let sent = 0;
      const pump = () => {
        while (sent < mb) {
          sent++;
          if (!res.write(CHUNK)) return res.once('drain', pump);
        }
        res.end('"}');
      };
      res.on('error', () => {});
      pump();
    },
  },
});

// Hangs up on the request when divisor is 0 and dies only 5 s later (an exit handler still
// flushing, a supervisor killing the worker): longer than pixie waits to see a crash. --explore
// must blame that one input — never the innocent inputs sent while it is dying or dead.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  routes: {
    'POST /run': (req, res, { body }) => {
      const inputs = body.inputs ?? body;
      if (inputs.divisor === 0) {
        req.socket.destroy();
        setTimeout(() => process.exit(1), 5000);
        return;
      }
      const text = JSON.stringify({ share: inputs.count / inputs.divisor });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    },
  },
});

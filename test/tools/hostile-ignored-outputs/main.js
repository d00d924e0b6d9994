// Returns {} from every fixture run while tolerance.yaml says on_missing_expected_key: ignore: a
// fixture in which nothing was compared must never pass.
import { sendJson, serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: () => ({ out: 'sample' }),
  routes: {
    'POST /run': (_req, res, { body }) => sendJson(res, 200, (body.inputs ?? body).empty ? {} : { out: 'sample' }),
  },
});

// Hostile (checks 8 and 12): declares max_runtime_seconds: 3000000 (beyond the 2^31 - 1 ms a Node timer
// holds) and answers /run after 300 ms: pixie must wait, not time out at once.
import { serveTool, sleep } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: async (inputs) => {
    await sleep(300);
    return { total: inputs.a + inputs.b };
  },
});

// Breaks check 8: declares max_runtime_seconds 1, then takes 10 s, so pixie gives up after 1 + 5 s.
import { serveTool, sleep } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: async (inputs) => {
    await sleep(10_000);
    return { total: inputs.a + inputs.b };
  },
});

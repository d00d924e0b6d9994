// Three bugs --explore must tell apart: a run that never answers (hang), one that keeps 300 MiB
// resident (big, above max_memory_mb 100), and NaN for n = 10, which JSON turns into null.
import { serveTool } from '../_shared/tool-server.mjs';

const held = [];

serveTool({
  dir: import.meta.dirname,
  run: async (inputs) => {
    if (inputs.hang) await new Promise(() => {});
    if (inputs.big) held.push(Buffer.alloc(300 * 1024 * 1024, 1));
    return { y: inputs.n === 10 ? Number.NaN : inputs.n * 2 };
  },
});

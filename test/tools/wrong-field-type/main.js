// Breaks check 2 only: tool.json has "max_runtime_seconds": "5" (a string, not a number).
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });

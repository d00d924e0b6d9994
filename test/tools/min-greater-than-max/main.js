// Breaks check 3 only: input "b" has min 100 and max 0 (the sample input is their midpoint, 50).
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });

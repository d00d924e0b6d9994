// Breaks check 3 only: input "b" has show_if on "advanced", which is not an input.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });

// Warns in check 9 only: /run returns a "debug" key that tool.json does not declare.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b, debug: { elapsed_ms: 0.1 } }) });

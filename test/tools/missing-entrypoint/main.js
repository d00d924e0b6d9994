// Breaks check 1: tool.json says "entrypoint": "server.js", but the server is this main.js.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });

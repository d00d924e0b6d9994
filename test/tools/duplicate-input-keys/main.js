// Breaks check 3 only: tool.json declares the input key "a" twice.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a * 2 }) });

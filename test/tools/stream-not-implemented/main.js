// Breaks check 10 only: declares a streaming output but has no /stream route (404).
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ story: inputs.text }) });

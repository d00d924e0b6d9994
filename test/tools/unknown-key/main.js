// Breaks check 2 only: tool.json has "lable" where it means "label".
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });

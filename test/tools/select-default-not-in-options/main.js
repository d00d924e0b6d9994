// Breaks check 3 only: the select "rounding" defaults to "cents", which is not one of its options.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });

// Hostile (check 6): listens on 0.0.0.0, every interface, so the tool is reachable from other machines.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, host: '0.0.0.0', run: (inputs) => ({ total: inputs.a + inputs.b }) });

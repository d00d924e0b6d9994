// A correct tool whose reference files ask for infinite tolerances (abs: 1e99999 in a fixture,
// .inf in tolerance.yaml), which would accept any answer: pixie lint and check 12 must refuse them.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });

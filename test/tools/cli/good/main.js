// Control: the shared server with no hook overridden. Every check passes (10 and 12 skip: no
// streaming output, no reference/ folder), which proves the other catalogue tools fail only for
// the one thing they change.
import { serveTool } from '../../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });

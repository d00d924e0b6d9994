// Breaks check 6: ignores --port / PORT and listens elsewhere (port 0 = any free port stands in for a
// hard-coded 8000, so concurrent tests cannot collide), so pixie's /healthz never connects.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, port: 0, run: (inputs) => ({ total: inputs.a + inputs.b }) });

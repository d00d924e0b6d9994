// Breaks check 3 only: the hidden input "api_version" has no default (a user cannot type one).
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });

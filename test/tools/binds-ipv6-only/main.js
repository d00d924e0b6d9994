// Breaks check 6: binds the IPv6 loopback (what 'localhost' resolves to on many systems), so
// pixie's requests to 127.0.0.1 are refused.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, host: '::1', run: (inputs) => ({ total: inputs.a + inputs.b }) });

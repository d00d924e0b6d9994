// Warns in check 11: catches SIGTERM and carries on, so pixie waits 5 s and sends SIGKILL.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ total: inputs.a + inputs.b }),
  sigterm: () => console.error('SIGTERM received, ignoring it'),
});

// Breaks check 8: the process dies in the middle of /run (an uncaught error in a callback), so
// the connection closes without an answer.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: () => {
    setImmediate(() => {
      throw new Error('rates cache corrupted');
    });
    return new Promise(() => {});
  },
});

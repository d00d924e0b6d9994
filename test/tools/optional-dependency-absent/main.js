// Control: package.json lists an optionalDependencies entry that is not installed (npm goes on when
// one does not install, e.g. a native build on another platform) and the import of it is guarded,
// so the tool runs without it: check 4 and check 5 pass, naming it. It also declares picocolors
// (installed with pixie, in a parent node_modules) and never imports it: check 4 notes it as unused.
import { serveTool } from '../_shared/tool-server.mjs';

let fast = null;
try {
  fast = await import('pixie-catalogue-optional-absent');
} catch {}

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({ total: fast ? fast.add(inputs.a, inputs.b) : inputs.a + inputs.b }),
});

// Breaks check 4 only: imports 'picocolors' without declaring it in package.json. It still runs
// here because Node finds pixie's own node_modules in a parent folder, which is exactly why the
// mistake goes unnoticed until the tool is deployed on its own.
import pc from 'picocolors';
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });
console.error(pc.dim('undeclared-import: listening'));

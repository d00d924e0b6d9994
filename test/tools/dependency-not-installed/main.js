// Breaks check 5 only: package.json declares (and this file imports) a package that is not installed
// anywhere, as after a clone without `npm install`.
import { add } from 'pixie-catalogue-not-installed';
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: add(inputs.a, inputs.b) }) });

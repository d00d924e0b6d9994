// Unseeded randomness: 'draw' differs on every run of the same input, 'double' never does.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ draw: Math.random(), double: inputs.n * 2 }) });

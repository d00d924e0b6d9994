// Hostile (check 9): declares outputs named toString and constructor, keys every object has through
// its prototype, and returns neither. Read as own properties they are missing, never "a function".
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b }) });

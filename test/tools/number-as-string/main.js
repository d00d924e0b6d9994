// Breaks check 9 only: the number output "total" comes back as the string "5.00".
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: (inputs.a + inputs.b).toFixed(2) }) });

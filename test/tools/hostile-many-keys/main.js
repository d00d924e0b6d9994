// Hostile (checks 9 and 12): every answer carries 200,000 keys tool.json does not declare. Before,
// the terminal report overflowed the stack and --json grew to 118 MB.
import { serveTool } from '../_shared/tool-server.mjs';

const extra = {};
for (let i = 0; i < 200_000; i++) extra[`k${i}`] = i;
serveTool({ dir: import.meta.dirname, run: (inputs) => ({ total: inputs.a + inputs.b, ...extra }) });

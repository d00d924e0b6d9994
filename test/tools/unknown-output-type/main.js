// Breaks check 2 only: tool.json declares the output type "chart_lines" (the type is "chart_line").
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({
    total: inputs.a + inputs.b,
    growth: { x: [0, 1], series: [{ name: 'total', y: [0, inputs.a + inputs.b] }] },
  }),
});

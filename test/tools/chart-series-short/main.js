// Breaks check 9 only: the chart_line series "balance" has 3 y values for 4 x values (an
// off-by-one in the loop that builds it).
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => ({
    total: inputs.a + inputs.b,
    growth: { x: [0, 1, 2, 3], series: [{ name: 'balance', y: [100, 105, 110.25] }] },
  }),
});

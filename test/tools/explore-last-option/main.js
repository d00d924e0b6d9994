// Handles every method but the last one tool.json offers: 'mode' throws, which the shared server
// turns into HTTP 500 {detail}; --explore must find it and shrink it to method = 'mode'.
import { serveTool } from '../_shared/tool-server.mjs';

const METHODS = {
  mean: (xs) => xs.reduce((a, b) => a + b, 0) / xs.length,
  median: (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)],
};

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => {
    const method = METHODS[inputs.method];
    if (!method) throw new Error(`no such method: ${inputs.method}`);
    const xs = String(inputs.values)
      .split(/\s+/)
      .map(Number)
      .filter((x) => Number.isFinite(x));
    return { average: xs.length ? method(xs) * inputs.scale : 0 };
  },
});

// Crashes the whole process when divisor is 0 (an uncaught exception outside the request handler,
// before any answer), the way a tool with an unguarded division dies; --explore must find it and
// shrink it to divisor = 0.
import { serveTool } from '../_shared/tool-server.mjs';

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => {
    if (inputs.divisor === 0)
      return new Promise(() =>
        setImmediate(() => {
          throw new Error('division by zero');
        }),
      );
    const share = inputs.count / inputs.divisor;
    return { share: inputs.rounded ? Math.round(share) : share, caption: `${inputs.label}: ${share}` };
  },
});

// Tool-controlled text full of terminal escapes, carriage returns and GitHub Actions workflow
// commands: in an error detail, in an undeclared output key, in a value and on stderr. pixie must
// show them escaped in the terminal, JUnit, HTML and annotations, and never let a line of its
// output start with `::`.
import { sendJson, serveTool } from '../_shared/tool-server.mjs';

const EVIL = '\u001b[31mRED\u001b[0m\rOVERWRITTEN\n::error file=main.js,line=1::injected\n  ::add-mask::x\u009b2J';

process.stderr.write(`\u001b]0;hijacked title\u0007${EVIL}\n`);

serveTool({
  dir: import.meta.dirname,
  run: () => ({ out: 'ok' }),
  routes: {
    'POST /run': (_req, res, { body }) => {
      const mode = (body.inputs ?? body).mode;
      if (mode === 'error') return sendJson(res, 500, { detail: EVIL });
      if (mode === 'key') return sendJson(res, 200, { out: 'ok', [`\u001b[2J${EVIL}`]: 1 });
      if (mode === 'value') return sendJson(res, 200, { out: EVIL });
      return sendJson(res, 200, { out: 'ok' });
    },
  },
});

// Runs before `npm test`: vitest runs on rolldown, whose native part is an optional dependency per
// platform, so `npm ci --omit=optional` (pixie without sharp, pdf.js, …) leaves it out and vitest
// cannot start. This fetches exactly that one package from the npm registry, at the version rolldown
// loads, without saving it and without bringing the omitted optional packages back — as esbuild's
// own install fetches its binary. On a normal install it finds the binding and does nothing.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { bindingFor } from './rolldown-binding.mjs';

const require = createRequire(import.meta.url);

function installed(name) {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

const rolldown = JSON.parse(readFileSync(require.resolve('rolldown/package.json'), 'utf8'));
const binding = bindingFor(Object.keys(rolldown.optionalDependencies ?? {}));
if (binding && !installed(binding)) {
  process.stderr.write(
    `pixie tests: ${binding} is missing (npm ci --omit=optional?); fetching it from the npm registry\n`,
  );
  execFileSync(
    'npm',
    [
      'install',
      '--no-save',
      '--omit=optional',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      `${binding}@${rolldown.version}`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

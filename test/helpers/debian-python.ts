// Debian's Python packages for the tests of real FastAPI tools: no npm package provides them, so these
// are the only tests allowed to skip (README, "the one kind of skip allowed"), each naming the line
// that installs them; .ci/run runs that line.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';

const DEBIAN_PYTHON = '/usr/bin/python3';
const DEBIAN_PACKAGES = ['python3-fastapi', 'python3-uvicorn', 'python3-dotenv', 'python3-numpy', 'python3-venv'];
const MODULES = ['fastapi', 'uvicorn', 'dotenv', 'numpy', 'ensurepip'];

/** False when Debian's Python has FastAPI, uvicorn, python-dotenv, numpy and venv; else the skip sentence. */
export function missingDebianPython(): string | false {
  try {
    execFileSync(DEBIAN_PYTHON, ['-c', `import ${MODULES.join(', ')}`], { stdio: 'ignore', timeout: 30_000 });
    return false;
  } catch {
    const line = `skipped: tests of real FastAPI tools need Debian's Python packages; run \`apt-get install -y ${DEBIAN_PACKAGES.join(' ')}\``;
    console.warn(line);
    return line;
  }
}

/** A virtualenv in `toolDir`/.venv that sees Debian's packages, made as the original Pixie's users make it. */
export async function debianVenv(toolDir: string): Promise<void> {
  await promisify(execFile)(DEBIAN_PYTHON, ['-m', 'venv', '--system-site-packages', `${toolDir}/.venv`], {
    timeout: 120_000,
  });
}

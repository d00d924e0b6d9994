// Check 4 for a Python tool: python-imports.py, run by the tool's own interpreter, lists each
// third-party import with its file, line and whether it is optional, the installed distributions
// that provide each module, and the Requires-Dist closure of [project].dependencies; here each import
// gets its category (tool/import-verdict.ts).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { limit } from '../limits.js';
import { canonicalPythonName, type DeclaredDependencies } from './declared.js';
import type { ImportCategory, Imports, ImportUse, ImportVerdict } from './import-verdict.js';
import type { Runtime } from './runtime.js';

const run = promisify(execFile);

/**
 * Import names whose distribution is named otherwise, for modules no installed distribution
 * provides (when one is installed, its metadata says). The common cases pip users meet.
 */
const DISTRIBUTION_OF: Record<string, string> = {
  PIL: 'Pillow',
  yaml: 'PyYAML',
  sklearn: 'scikit-learn',
  skimage: 'scikit-image',
  cv2: 'opencv-python',
  umap: 'umap-learn',
  dotenv: 'python-dotenv',
  multipart: 'python-multipart',
  python_multipart: 'python-multipart',
  bs4: 'beautifulsoup4',
  dateutil: 'python-dateutil',
  jwt: 'PyJWT',
  magic: 'python-magic',
  attr: 'attrs',
  google: 'protobuf',
  Crypto: 'pycryptodome',
  docx: 'python-docx',
  pptx: 'python-pptx',
  fitz: 'PyMuPDF',
  serial: 'pyserial',
  usb: 'pyusb',
  OpenSSL: 'pyOpenSSL',
  git: 'GitPython',
  Levenshtein: 'python-Levenshtein',
  faster_whisper: 'faster-whisper',
  sentence_transformers: 'sentence-transformers',
  vaderSentiment: 'vaderSentiment',
  pytorch_grad_cam: 'grad-cam',
  ortools: 'ortools',
  zmq: 'pyzmq',
  MySQLdb: 'mysqlclient',
  psycopg2: 'psycopg2-binary',
  win32api: 'pywin32',
  Bio: 'biopython',
  osgeo: 'GDAL',
  telegram: 'python-telegram-bot',
  discord: 'discord.py',
  slugify: 'python-slugify',
  jose: 'python-jose',
  nacl: 'PyNaCl',
  gi: 'PyGObject',
  wx: 'wxPython',
  mpl_toolkits: 'matplotlib',
  tensorflow_hub: 'tensorflow-hub',
};

interface ScanOutput {
  imports: ImportUse[];
  /** import name -> installed distributions that provide it */
  providers: Record<string, string[]>;
  /** canonical distribution name -> the declared requirement it is installed through */
  closure: Record<string, string>;
  errors: string[];
  version: string;
  installed: Record<string, string | null>;
}

/** Each import's category, from what the interpreter said and what pyproject.toml declares. */
function classifyPythonImports(out: ScanOutput, declared: DeclaredDependencies): ImportVerdict[] {
  const runtime = new Set(declared.runtime.map(canonicalPythonName));
  const elsewhere = new Map([...declared.elsewhere].map(([n, where]) => [canonicalPythonName(n), where]));
  const notInstalled = declared.runtime.filter((n) => out.installed[n] === null);
  return out.imports.map((use) => {
    const installed = out.providers[use.module] ?? [];
    const known = installed.length ? installed : [DISTRIBUTION_OF[use.module] ?? use.module];
    const candidates = [...installed, DISTRIBUTION_OF[use.module] ?? use.module, use.module];
    const verdict = (category: ImportCategory, distribution = known[0]!, via?: string): ImportVerdict => ({
      ...use,
      category,
      distribution,
      ...(via ? { via } : {}),
    });
    const declaredAs = candidates.find((d) => runtime.has(canonicalPythonName(d)));
    if (declaredAs) return verdict('declared', declaredAs);
    const other = candidates.find((d) => elsewhere.has(canonicalPythonName(d)));
    if (other)
      return verdict(use.optional ? 'declared' : 'misplaced', other, elsewhere.get(canonicalPythonName(other)));
    const through = installed.find((d) => out.closure[canonicalPythonName(d)]);
    if (through) return verdict('transitive', through, out.closure[canonicalPythonName(through)]);
    // a module no installed distribution provides and no known name maps: a declared distribution
    // that is not installed may be the one that provides it, which check 5 reports
    if (!installed.length && !DISTRIBUTION_OF[use.module] && notInstalled.length)
      return verdict('not-installed', use.module, notInstalled.join(', '));
    return verdict(use.optional ? 'optional-undeclared' : 'missing');
  });
}

export async function pythonImports(
  toolDir: string,
  entrypoint: string,
  runtime: Runtime,
  declared: DeclaredDependencies,
  resolved: string | null,
): Promise<Imports> {
  const script = fileURLToPath(new URL('./python-imports.py', import.meta.url));
  const request = JSON.stringify({
    requirements: declared.requirements,
    names: declared.runtime,
    max_bytes: limit('fileBytes'),
  });
  // the tool's interpreter knows its own stdlib and installed packages; fall back to python3
  const own = resolved ?? runtime.command;
  for (const python of [own, 'python3']) {
    try {
      const { stdout } = await run(python, [script, toolDir, entrypoint, request], {
        timeout: 15_000,
        maxBuffer: 4 * 1024 * 1024,
        cwd: toolDir,
      });
      const out = JSON.parse(stdout) as ScanOutput;
      if (out.errors.length) return { ok: false, message: `could not parse ${out.errors[0]}` };
      const interpreter =
        python === own ? { command: runtime.command, version: out.version, installed: out.installed } : undefined;
      return { ok: true, verdicts: classifyPythonImports(out, declared), ...(interpreter ? { interpreter } : {}) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return {
        ok: false,
        message: `could not read the imports of ${entrypoint}: ${(err as Error).message.split('\n')[0]}`,
      };
    }
  }
  return { ok: false, message: 'no Python interpreter found to read the imports (python3 is not on PATH)' };
}

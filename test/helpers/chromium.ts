// The Chromium the browser tests drive through playwright-core. A `chromium` on PATH (Debian's, when
// installed: apt keeps it patched and close to the Chromium playwright-core is made for) is preferred;
// else the one the npm package @sparticuz/chromium ships inside its tarball (a brotli-compressed
// headless Chromium 143 for Linux x86-64, with the NSS libraries it links), unpacked once into
// node_modules/.cache/. Nothing is downloaded: `playwright install` cannot run here.
import {
  accessSync,
  constants,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import type { Browser, BrowserContext, LaunchOptions } from 'playwright-core';
import { extract } from 'tar-fs';
import { REPO_ROOT } from './pixie.js';

export interface ChromiumBinary {
  executablePath: string;
  /** the environment to start it with (the packaged one finds its NSS libraries through it) */
  env: NodeJS.ProcessEnv;
  source: 'PATH' | '@sparticuz/chromium';
}

/** Flags for a headless run on a machine whose network is closed: nothing reaches out at start-up. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** An executable `chromium` in one of PATH's folders, as a shell would find it, or null. */
export function chromiumOnPath(pathVariable = process.env.PATH ?? ''): string | null {
  for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'chromium');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

/**
 * The packaged Chromium, unpacked on first use into node_modules/.cache/pixie-chromium/<version>/.
 * Test files run in parallel workers, so each unpacks into a folder of its own and renames it into
 * place: the first rename wins, and a finished folder is never seen half-written.
 */
async function packagedChromium(): Promise<ChromiumBinary> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `no chromium on PATH, and @sparticuz/chromium ships Chromium for Linux x86-64 only (this is ${process.platform}-${process.arch}): install Chromium so that \`chromium\` is on PATH`,
    );
  const require = createRequire(import.meta.url);
  const packageDir = path.resolve(path.dirname(require.resolve('@sparticuz/chromium')), '../..');
  const { version } = require(path.join(packageDir, 'package.json')) as { version: string };
  const dir = path.join(REPO_ROOT, 'node_modules', '.cache', 'pixie-chromium', version);
  if (!existsSync(dir)) {
    const partial = `${dir}.partial-${process.pid}-${Date.now()}`;
    mkdirSync(path.join(partial, 'lib'), { recursive: true });
    const bin = path.join(packageDir, 'bin');
    await Promise.all([
      pipeline(
        createReadStream(path.join(bin, 'chromium.br')),
        createBrotliDecompress(),
        createWriteStream(path.join(partial, 'chromium'), { mode: 0o755 }),
      ),
      // libnss3, libnspr4, libexpat built for Amazon Linux: the browser then needs nothing but glibc
      pipeline(createReadStream(path.join(bin, 'al2023.tar.br')), createBrotliDecompress(), extract(partial)),
    ]);
    try {
      renameSync(partial, dir);
    } catch (err) {
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(dir)) throw err;
    }
  }
  const libs = path.join(dir, 'lib');
  const inherited = process.env.LD_LIBRARY_PATH;
  return {
    executablePath: path.join(dir, 'chromium'),
    env: { ...process.env, LD_LIBRARY_PATH: inherited ? `${libs}${path.delimiter}${inherited}` : libs },
    source: '@sparticuz/chromium',
  };
}

/** `chromium` on PATH when there is one, else the packaged build. */
export async function findChromium(pathVariable = process.env.PATH ?? ''): Promise<ChromiumBinary> {
  const onPath = chromiumOnPath(pathVariable);
  if (onPath) return { executablePath: onPath, env: process.env, source: 'PATH' };
  return packagedChromium();
}

async function launchOptions(): Promise<LaunchOptions> {
  const { executablePath, env } = await findChromium();
  const defined = Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined);
  return { executablePath, env: Object.fromEntries(defined), headless: true, args: ARGS };
}

/** A headless Chromium (findChromium's). */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch(await launchOptions());
}

/** A headless Chromium with a profile folder of its own and a fixed viewport. */
export async function launchChromiumContext(
  userDataDir: string,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  return chromium.launchPersistentContext(userDataDir, { ...(await launchOptions()), viewport });
}

// `pixie serve`: binds createApp() to a port and prints where it listens (the first stdout line is
// the URL, so scripts and tests can read it when --port 0 picks a free port).
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { PixieError } from '../errors.js';
import { liveGroupCount } from '../tool/process-registry.js';
import { loadProject } from '../project/project.js';
import { createApp, defaultStateDir, isLoopback } from './app.js';
import { existsSync, statSync } from 'node:fs';

export interface ServeOptions {
  port: number;
  host: string;
  toolsDir?: string;
  token?: string;
  jobs?: number;
  maxQueued?: number;
}

export async function serveCommand(opts: ServeOptions): Promise<number> {
  const project = loadProject({ toolsDir: opts.toolsDir });
  const { toolsDir } = project;
  if (!existsSync(toolsDir) || !statSync(toolsDir).isDirectory()) {
    throw new PixieError(
      'TOOL_NOT_FOUND',
      `tools directory not found: ${toolsDir}`,
      'pass --tools-dir DIR, set tools_dir in pixie.config.json, or run pixie inside the project that holds tools/',
    );
  }
  const token = opts.token || process.env.PIXIE_TOKEN || undefined;
  const host = opts.host.replace(/^\[(.*)\]$/, '$1');
  if (!isLoopback(host) && !token) {
    throw new PixieError(
      'USAGE',
      `--host ${opts.host} would expose pixie serve beyond this machine without a token`,
      'add --token <secret> (or set PIXIE_TOKEN), or keep the default --host 127.0.0.1',
    );
  }
  const { app } = createApp({ toolsDir, project, token, jobs: opts.jobs, maxQueued: opts.maxQueued });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port: opts.port }, () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new PixieError(
              'USAGE',
              `port ${opts.port} on ${opts.host} is already in use`,
              'pick another with --port, or --port 0 for any free port',
            )
          : err.code === 'EADDRNOTAVAIL'
            ? new PixieError(
                'USAGE',
                `cannot bind ${opts.host}: no such address on this machine`,
                "use 127.0.0.1, or an address of one of this machine's interfaces",
              )
            : err,
      );
    });
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  process.stdout.write(`pixie serve: http://${shown}:${address.port}/\n`);
  process.stdout.write(`tools: ${toolsDir}\nreports: ${path.join(defaultStateDir(toolsDir), 'reports')}\n`);
  if (token)
    process.stdout.write(
      'every request needs the token (Authorization: Bearer <token>, or open the page once with ?token=<token>)\n',
    );

  return new Promise<number>((resolve) => {
    const stop = (signal: NodeJS.Signals, code: number) => {
      server.close();
      // while tools run, the process registry's own handler (installed with the first tool) stops
      // their groups and exits; with none running we leave here
      if (liveGroupCount() === 0) {
        process.stderr.write(`\npixie serve: ${signal}, stopped\n`);
        resolve(code);
        process.exit(code);
      }
    };
    process.once('SIGINT', () => stop('SIGINT', 130));
    process.once('SIGTERM', () => stop('SIGTERM', 143));
  });
}

// The tools `pixie serve` knows: discovered under the tools directory and kept in memory, so that a
// listing costs a readdir and a few stats per tool, never a manifest parse. A folder's tool.json is
// parsed again only when its mtime or size changes; new and removed folders appear on the next scan.
import { createHash } from 'node:crypto';
import { readdirSync, statSync, type Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_ENTRYPOINTS, resolveEntrypoint } from '../tool/runtime.js';
import { loadManifest } from '../tool/manifest.js';

export interface ToolEntry {
  /** the folder name: the id in every URL, and the folder the reports are kept under */
  id: string;
  dir: string;
  name: string;
  category: string | null;
  /** tool.json's own id, also accepted in URLs when it differs from the folder name */
  manifestId: string | null;
  manifestOk: boolean;
  /** hash of the paths, mtimes and sizes of the files a report depends on */
  fingerprint: string;
}

interface ManifestInfo {
  key: string;
  name: string;
  category: string | null;
  manifestId: string | null;
  ok: boolean;
  entrypoint: string | null;
}

export interface RegistryStats {
  scans: number;
  manifestParses: number;
}

const DEPENDENCY_MANIFESTS = ['package.json', 'pyproject.toml', 'requirements.txt'];

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

const statKey = (s: Stats | null): string => (s ? `${s.mtimeMs}:${s.size}` : '-');

export class ToolRegistry {
  readonly toolsDir: string;
  readonly stats: RegistryStats = { scans: 0, manifestParses: 0 };
  private readonly rescanMs: number;
  private manifests = new Map<string, ManifestInfo>();
  private entries: ToolEntry[] = [];
  private byId = new Map<string, ToolEntry>();
  private scannedAt = -Infinity;
  private scanning: Promise<void> | null = null;
  private lastMissScan = -Infinity;
  /** bumps whenever a scan changes what list() returns (lets callers cache what they derive from it) */
  generation = 0;

  /** `rescanMs`: a listing younger than this is served as is (0: every call looks at the disk). */
  constructor(toolsDir: string, opts: { rescanMs?: number } = {}) {
    this.toolsDir = path.resolve(toolsDir);
    this.rescanMs = opts.rescanMs ?? 250;
  }

  list(): ToolEntry[] {
    const age = performance.now() - this.scannedAt;
    if (this.rescanMs === 0 || this.scannedAt === -Infinity) this.scan();
    else if (age >= this.rescanMs && !this.scanning) {
      // stale-while-revalidate: this request gets the listing we have, the stats run off the event
      // loop's critical path, and the next request sees the result
      this.scanning = this.scanAsync().finally(() => {
        this.scanning = null;
      });
    }
    return this.entries;
  }

  /** Forget the listing: the next list() reads the disk before answering (after pixie itself wrote files). */
  invalidate(): void {
    this.scannedAt = -Infinity;
  }

  /** A discovered tool by folder name or tool.json id; anything else (paths, `..`) is undefined. */
  get(id: string): ToolEntry | undefined {
    this.list();
    let hit = this.byId.get(id);
    if (!hit && this.rescanMs > 0 && performance.now() - this.lastMissScan > 50) {
      // a tool created a moment ago: look again before saying 404 (at most every 50 ms, so a flood
      // of unknown ids cannot keep the disk busy)
      this.lastMissScan = performance.now();
      this.scan();
      hit = this.byId.get(id);
    }
    return hit;
  }

  /** Current fingerprint of one tool's files, read from disk now (for a run that is about to start). */
  fingerprintNow(entry: ToolEntry): string {
    return this.fingerprint(entry.dir, this.manifestOf(entry.dir, statOrNull(path.join(entry.dir, 'tool.json'))));
  }

  /**
   * The fingerprint of what makes the tool answer as it does (tool.json, the entrypoint, the
   * dependency manifests), without reference/: accepting one value of a report changes a fixture,
   * not what the tool returns, so the report's other values can still be accepted.
   */
  codeFingerprintNow(entry: ToolEntry): string {
    const info = this.manifestOf(entry.dir, statOrNull(path.join(entry.dir, 'tool.json')));
    return this.fingerprint(entry.dir, info, false);
  }

  private scan(): void {
    this.stats.scans++;
    let names: string[];
    try {
      names = toolFolderNames(readdirSync(this.toolsDir, { withFileTypes: true }));
    } catch {
      names = [];
    }
    const entries: ToolEntry[] = [];
    for (const name of names) {
      const dir = path.join(this.toolsDir, name);
      const toolJson = statOrNull(path.join(dir, 'tool.json'));
      if (!toolJson && !DEFAULT_ENTRYPOINTS.some((f) => statOrNull(path.join(dir, f)))) continue;
      const info = this.manifestOf(dir, toolJson);
      entries.push({
        id: name,
        dir,
        name: info.name || name,
        category: info.category,
        manifestId: info.manifestId,
        manifestOk: info.ok,
        fingerprint: this.fingerprint(dir, info),
      });
    }
    this.install(entries);
  }

  /** The same scan with asynchronous stats: the disk work does not hold up other requests. */
  private async scanAsync(): Promise<void> {
    this.stats.scans++;
    const statAsync = (file: string) => stat(file).catch(() => null);
    let names: string[];
    try {
      names = toolFolderNames(await readdir(this.toolsDir, { withFileTypes: true }));
    } catch {
      names = [];
    }
    const found = await Promise.all(
      names.map(async (name) => {
        const dir = path.join(this.toolsDir, name);
        const toolJson = await statAsync(path.join(dir, 'tool.json'));
        if (
          !toolJson &&
          !(await Promise.all(DEFAULT_ENTRYPOINTS.map((f) => statAsync(path.join(dir, f))))).some(Boolean)
        )
          return null;
        const info = this.manifestOf(dir, toolJson);
        const files = ['tool.json', ...(info.entrypoint ? [info.entrypoint] : []), ...DEPENDENCY_MANIFESTS];
        const reference = (await readdir(path.join(dir, 'reference')).catch(() => [] as string[]))
          .sort()
          .map((f) => `reference/${f}`);
        const stats = await Promise.all(
          [...files, ...reference].map(async (rel) => [rel, await statAsync(path.join(dir, rel))] as const),
        );
        const entry: ToolEntry = {
          id: name,
          dir,
          name: info.name || name,
          category: info.category,
          manifestId: info.manifestId,
          manifestOk: info.ok,
          fingerprint: fingerprintOf(stats),
        };
        return entry;
      }),
    );
    this.install(found.filter((e): e is ToolEntry => e !== null));
  }

  private install(entries: ToolEntry[]): void {
    const seen = new Set(entries.map((e) => e.dir));
    for (const dir of this.manifests.keys()) if (!seen.has(dir)) this.manifests.delete(dir);
    const same =
      entries.length === this.entries.length &&
      entries.every((e, i) => {
        const o = this.entries[i]!;
        return (
          o.id === e.id &&
          o.fingerprint === e.fingerprint &&
          o.name === e.name &&
          o.category === e.category &&
          o.manifestId === e.manifestId
        );
      });
    this.scannedAt = performance.now();
    if (same) return;
    this.generation++;
    const byId = new Map<string, ToolEntry>();
    for (const e of entries) byId.set(e.id, e);
    // tool.json ids as aliases, never shadowing a folder name
    for (const e of entries) if (e.manifestId && !byId.has(e.manifestId)) byId.set(e.manifestId, e);
    this.entries = entries;
    this.byId = byId;
  }

  private manifestOf(dir: string, toolJson: Stats | null): ManifestInfo {
    const key = statKey(toolJson);
    const cached = this.manifests.get(dir);
    if (cached && cached.key === key) return cached;
    this.stats.manifestParses++;
    let info: ManifestInfo;
    if (!toolJson) {
      info = {
        key,
        name: path.basename(dir),
        category: null,
        manifestId: null,
        ok: false,
        entrypoint: resolveEntrypoint(dir),
      };
    } else {
      const load = loadManifest(dir);
      if (load.ok) {
        const m = load.manifest as unknown as {
          id?: unknown;
          name?: unknown;
          category?: unknown;
          entrypoint?: unknown;
        };
        info = {
          key,
          name: typeof m.name === 'string' ? m.name : path.basename(dir),
          category: typeof m.category === 'string' ? m.category : null,
          manifestId: typeof m.id === 'string' ? m.id : null,
          ok: true,
          entrypoint: resolveEntrypoint(dir, m.entrypoint),
        };
      } else {
        info = {
          key,
          name: path.basename(dir),
          category: null,
          manifestId: null,
          ok: false,
          entrypoint: resolveEntrypoint(dir),
        };
      }
    }
    this.manifests.set(dir, info);
    return info;
  }

  private fingerprint(dir: string, info: ManifestInfo, withReference = true): string {
    const files = ['tool.json', ...(info.entrypoint ? [info.entrypoint] : []), ...DEPENDENCY_MANIFESTS];
    let reference: string[] = [];
    try {
      if (withReference) reference = readdirSync(path.join(dir, 'reference')).sort();
    } catch {
      // no reference folder
    }
    return fingerprintOf(
      [...files, ...reference.map((f) => `reference/${f}`)].map(
        (rel) => [rel, statOrNull(path.join(dir, rel))] as const,
      ),
    );
  }
}

function toolFolderNames(dirents: { name: string; isDirectory(): boolean; isSymbolicLink(): boolean }[]): string[] {
  return dirents
    .filter((d) => (d.isDirectory() || d.isSymbolicLink()) && !d.name.startsWith('.') && d.name !== 'node_modules')
    .map((d) => d.name)
    .sort();
}

function fingerprintOf(files: readonly (readonly [string, Stats | null])[]): string {
  const hash = createHash('sha256');
  for (const [rel, s] of files) hash.update(`${rel}\0${statKey(s)}\n`);
  return hash.digest('hex').slice(0, 16);
}

// `pixie init` (docs/cli.md): sets a repository up for pixie — the config, README's CI workflow, a
// pre-commit hook and the editor's schema mappings. It never replaces a file silently: an existing
// file is kept (and said so) unless --force, and VS Code settings are merged key by key.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyEdits, type ParseError, modify, parse } from 'jsonc-parser';
import { loadProject } from '../project/project.js';
import { referenceSchemaUrl } from '../schema/ajv.js';
import { configJson, type InitPaths, jsonSchemas, PRE_COMMIT, workflowYaml, yamlSchemas } from './init-templates.js';

export interface InitCliOptions {
  force?: boolean;
  toolsDir?: string;
}

const posix = (p: string) => p.split(path.sep).join('/');

/** Where this pixie's schemas are, as the project's files should name them. */
function schemasPath(root: string): string {
  const rel = path.relative(root, fileURLToPath(referenceSchemaUrl('')));
  // a pixie installed elsewhere (globally) is no path to commit: name the project's own install
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return './node_modules/pixie-validator/reference-schemas';
  return `./${posix(rel).replace(/\/$/, '')}`;
}

export async function initCommand(opts: InitCliOptions): Promise<number> {
  const project = loadProject({ toolsDir: opts.toolsDir });
  const root = project.root.dir;
  const paths: InitPaths = {
    tools: posix(path.relative(root, project.toolsDir)) || 'tools',
    schemas: schemasPath(root),
  };
  const said: string[] = [];
  const show = (file: string) => posix(path.relative(process.cwd(), file)) || file;

  const write = (rel: string, text: string) => {
    const file = path.join(root, rel);
    if (!existsSync(file)) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      said.push(`wrote ${show(file)}`);
    } else if (readFileSync(file, 'utf8') === text) said.push(`${show(file)} is up to date`);
    else if (opts.force) {
      writeFileSync(file, text);
      said.push(`overwrote ${show(file)} (--force)`);
    } else said.push(`kept ${show(file)}: it exists and differs (pixie init --force replaces it)`);
  };

  if (project.root.configFile) said.push(`kept ${show(project.root.configFile)}: the project already has a config`);
  else write('pixie.config.json', configJson(paths));
  write('.github/workflows/pixie.yml', workflowYaml());
  write('.pre-commit-config.yaml', PRE_COMMIT);
  said.push(editorSettings(path.join(root, '.vscode', 'settings.json'), paths, show));

  said.push('next: npx pixie lint', 'next: npx pixie validate --all');
  process.stdout.write(`${said.join('\n')}\n`);
  return 0;
}

/** Adds pixie's schema mappings to .vscode/settings.json, keeping every other setting and comment. */
function editorSettings(file: string, paths: InitPaths, show: (f: string) => string): string {
  const json = jsonSchemas(paths);
  const yaml = yamlSchemas(paths);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ 'json.schemas': json, 'yaml.schemas': yaml }, null, 2)}\n`);
    return `wrote ${show(file)} (editor schemas for tool.json, fixtures, tolerance.yaml and the config)`;
  }
  let text = readFileSync(file, 'utf8');
  const errors: ParseError[] = [];
  const current = parse(text, errors, { allowTrailingComma: true }) as Record<string, unknown> | undefined;
  if (errors.length || !current || typeof current !== 'object' || Array.isArray(current))
    return `kept ${show(file)}: it does not parse as JSON; add "json.schemas" and "yaml.schemas" by hand (README, editor completion)`;
  const format = { formattingOptions: { insertSpaces: true, tabSize: 2 } };
  const haveUrls = new Set(
    (Array.isArray(current['json.schemas']) ? current['json.schemas'] : []).map((e) => (e as { url?: unknown })?.url),
  );
  const haveYaml = (current['yaml.schemas'] ?? {}) as Record<string, unknown>;
  let added = 0;
  for (const entry of json.filter((e) => !haveUrls.has(e.url))) {
    text = applyEdits(text, modify(text, ['json.schemas', -1], entry, { ...format, isArrayInsertion: true }));
    added++;
  }
  for (const [schema, globs] of Object.entries(yaml)) {
    if (Object.hasOwn(haveYaml, schema)) continue;
    text = applyEdits(text, modify(text, ['yaml.schemas', schema], globs, format));
    added++;
  }
  if (added === 0) return `${show(file)} already maps pixie's schemas`;
  writeFileSync(file, text);
  return `updated ${show(file)}: added ${added} schema mapping(s), kept everything else`;
}

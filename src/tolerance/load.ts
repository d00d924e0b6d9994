// Loads reference/tolerance.yaml: both the short form (top-level output keys) and the structured
// form of existing tools (defaults / overrides / options), validated strictly so a typo is a reported
// problem with its line, never a silently ignored key.
import path from 'node:path';
import { finding, type Finding } from '../model/finding.js';
import { checkUserFile, readUserFile } from '../source/user-file.js';
import { readYamlSource } from '../source/yaml-source.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { emptyToleranceConfig, TOLERANCE_FILE, type ToleranceConfig, type ToleranceContext } from './config.js';
import { readToleranceForms } from './forms.js';
import { colonSpaceHint, kindOf } from './words.js';
import { pushAll } from '../util/push-all.js';

export interface ToleranceLoad {
  config: ToleranceConfig;
  problems: Finding[];
}

export type { ToleranceContext } from './config.js';

/** Loads and validates `<referenceDir>/tolerance.yaml`. A missing file is an empty config. */
export function loadTolerance(referenceDir: string, ctx: ToleranceContext): ToleranceLoad {
  const file = `reference/${TOLERANCE_FILE}`;
  const config = emptyToleranceConfig();
  const problems: Finding[] = [];
  const toolDir = path.dirname(referenceDir);
  const folder = path.basename(referenceDir);
  const read = readUserFile(toolDir, `${folder}/${TOLERANCE_FILE}`);
  if (!read.ok && read.code === 'ENOENT') {
    if (checkUserFile(toolDir, `${folder}/tolerance.yml`).ok) {
      problems.push(
        finding('tolerance-invalid', {
          file: 'reference/tolerance.yml',
          message: `pixie reads reference/${TOLERANCE_FILE}, so this file would be ignored; rename it to ${TOLERANCE_FILE}`,
        }),
      );
    }
    return { config, problems };
  }
  if (!read.ok) {
    // a regular file inside the tool, up to the size limit: never /proc/self/environ, a FIFO or /dev/zero
    problems.push(
      finding(read.kind === 'outside' ? 'outside-tool' : 'unreadable-file', {
        file,
        message: `could not read the file (${read.code}): ${read.reason}; ${read.fix}`,
      }),
    );
    return { config, problems };
  }
  return { config: parseToleranceText(read.text, ctx, problems, file), problems };
}

/** Parses tolerance.yaml text (exported for tests and for the HTTP service's editor). */
export function parseToleranceText(
  text: string,
  ctx: ToleranceContext,
  problems: Finding[],
  file = `reference/${TOLERANCE_FILE}`,
): ToleranceConfig {
  const config = emptyToleranceConfig();
  const source = readYamlSource(text, file);
  if (!source.ok) {
    pushAll(problems, source.problems);
    return config;
  }
  const { data, lineOf, sourceLine } = source;
  if (data === null) return config; // empty file or only comments
  if (!isPlainObject(data)) {
    const hint = typeof data === 'string' ? colonSpaceHint(data, sourceLine(lineOf([], 'value') ?? 1)) : null;
    problems.push(
      finding('tolerance-invalid', {
        file,
        line: lineOf([], 'value') ?? 1,
        message:
          hint ??
          `the top level must be a mapping (output key: { abs: … }, or defaults/overrides/options), got ${kindOf(data)}`,
      }),
    );
    return config;
  }
  readToleranceForms(data, { file, lineOf, sourceLine }, ctx, config, problems);
  return config;
}

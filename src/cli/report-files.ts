// The report files a run was asked for (--junit FILE, --html FILE, merge's --json FILE), written
// atomically, and GitHub annotations when running in GitHub Actions.
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PixieError } from '../errors.js';
import type { Report } from '../model/report.js';
import { REPORTERS, type ReportContext, type ReporterName } from '../report/reporters.js';
import { writeFileAtomic } from '../util/atomic-write.js';

export type ReportFiles = Partial<Record<ReporterName, string>>;

export async function writeReportFiles(reports: Report[], files: ReportFiles, ctx: ReportContext = {}): Promise<void> {
  for (const r of REPORTERS) {
    const file = files[r.name];
    if (file && file !== '-') writeUserFile(file, await r.render(reports, ctx));
  }
}

/**
 * GitHub workflow commands on stdout, or stderr when stdout carries JSON (the runner reads both), and
 * the Markdown summary appended to $GITHUB_STEP_SUMMARY (appended, as other steps' summaries may be there).
 */
export async function writeAnnotations(reports: Report[], jsonOnStdout: boolean): Promise<void> {
  if (process.env.GITHUB_ACTIONS !== 'true') return;
  const { renderGithubAnnotations } = await import('../report/renderers/github.js');
  const text = renderGithubAnnotations(reports);
  if (text) (jsonOnStdout ? process.stderr : process.stdout).write(text);
  await appendStepSummary(reports);
}

/** In GitHub Actions, the Markdown summary appended to $GITHUB_STEP_SUMMARY (other steps' may be there already). */
export async function appendStepSummary(reports: Report[]): Promise<void> {
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (process.env.GITHUB_ACTIONS !== 'true' || !summary) return;
  const { renderMarkdown } = await import('../report/renderers/markdown.js');
  try {
    appendFileSync(summary, `${renderMarkdown(reports)}\n`);
  } catch (err) {
    process.stderr.write(
      `pixie: could not append the summary to $GITHUB_STEP_SUMMARY (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})\n`,
    );
  }
}

function writeUserFile(file: string, text: string): void {
  const full = path.resolve(file);
  try {
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileAtomic(full, text);
  } catch (err) {
    throw new PixieError(
      'USER_FILE',
      `cannot write ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      'pass a path in a writable folder',
    );
  }
}

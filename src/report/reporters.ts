// The reporters that write a report file, one line each: the registry drives the file flags of
// `pixie validate` (--junit FILE, --html FILE) and `pixie report merge` (also --json FILE). Adding a
// reporter is one renderer file, one line here and its key in config.schema.json's `reporters`
// (ARCHITECTURE.md). Renderers load only when a file is asked for.
import type { Report } from '../model/report.js';

export interface ReportContext {
  /** wall-clock time of the whole run, for JUnit's total */
  wallMs?: number;
}

export interface Reporter {
  /** the flag name (--<name> FILE) */
  name: string;
  /** what the file holds, for --help */
  description: string;
  render(reports: Report[], ctx: ReportContext): Promise<string>;
}

export const REPORTERS = [
  {
    name: 'json',
    description: 'the JSON report (an array of reports)',
    render: async (reports) => (await import('./renderers/json.js')).renderJson(reports),
  },
  {
    name: 'junit',
    description: 'a JUnit XML report (one testsuite per tool)',
    render: async (reports, ctx) => (await import('./renderers/junit.js')).renderJunit(reports, { wallMs: ctx.wallMs }),
  },
  {
    name: 'html',
    description: 'a self-contained HTML report with every diff',
    render: async (reports) => (await import('./renderers/html.js')).renderHtml(reports),
  },
  {
    name: 'markdown',
    description: 'a Markdown summary (a table of tools, then what did not pass), as for $GITHUB_STEP_SUMMARY',
    render: async (reports) => (await import('./renderers/markdown.js')).renderMarkdown(reports),
  },
] as const satisfies readonly Reporter[];

export type ReporterName = (typeof REPORTERS)[number]['name'];

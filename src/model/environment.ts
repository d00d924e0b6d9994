// What a report says about the environment a tool ran with: names only, never values (docs/report.md).
/** What the report says about a tool's environment: names only. */
export interface EnvironmentSummary {
  /** taken from pixie's environment: the base variables that are set, and the declared or listed ones */
  passed: string[];
  /** in pixie's environment, not given to the tool, and out of its reach: it ran in namespaces of its own */
  withheld: string[];
  /**
   * in pixie's environment and not given to the tool, yet readable by it: it ran in pixie's process
   * namespace, where /proc/<pid>/environ of pixie and of what started pixie is open to it (present
   * only then, and `withheld` is empty)
   */
  readable?: string[];
  /** why the tool ran in pixie's process namespace (present with `readable`) */
  readable_because?: string;
  /** declared (tool.json secrets) or listed (pixie.config env.pass) but set neither in pixie's environment nor in .env */
  missing: string[];
  /** set by the tool folder's .env file */
  from_dotenv: string[];
}

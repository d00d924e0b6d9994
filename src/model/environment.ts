// What a report says about the environment a tool ran with: names only, never values (docs/report.md).
/** What the report says about a tool's environment: names only. */
export interface EnvironmentSummary {
  /** taken from pixie's environment: the base variables that are set, and the declared or listed ones */
  passed: string[];
  /** in pixie's environment but not given to the tool */
  withheld: string[];
  /** declared (tool.json secrets) or listed (pixie.config env.pass) but set neither in pixie's environment nor in .env */
  missing: string[];
  /** set by the tool folder's .env file */
  from_dotenv: string[];
}

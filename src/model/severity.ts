// The one severity table: for every kind of finding, how serious it is in a normal run and under
// --strict. `pixie validate`, `pixie lint`, `--strict`, the reporters and the dashboard all read it,
// so a problem cannot be an error in one place and a warning in another. docs/checks.md lists it.
export type Severity = 'error' | 'warning' | 'info';

interface FindingRule {
  severity: Severity;
  /** severity under --strict, when it differs */
  strict?: Severity;
  /** what the code means, for docs and `pixie lint --json` readers */
  about: string;
}

const RULES = {
  // the tool folder (check 1)
  'missing-file': { severity: 'error', about: 'tool.json, the entrypoint or the dependency manifest is missing' },
  'unreadable-file': {
    severity: 'error',
    about:
      'a file pixie needs cannot be read: not a regular file (a directory, FIFO or device), too large, or not readable',
  },
  'outside-tool': {
    severity: 'error',
    about: 'a file pixie needs resolves outside the tool folder (a ../ path or a symbolic link out of it)',
  },
  'no-entrypoint': { severity: 'error', about: 'no main.ts, main.js or main.py, and tool.json names none' },
  'unsupported-entrypoint': { severity: 'error', about: 'the entrypoint is not .ts, .js, .mjs or .py' },
  // tool.json (checks 2 and 3)
  'json-syntax': { severity: 'error', about: 'a JSON file does not parse' },
  'yaml-syntax': { severity: 'error', about: 'a YAML file (tolerance.yaml) does not parse' },
  'duplicate-key': { severity: 'error', about: 'an object names the same key twice' },
  schema: { severity: 'error', about: "a value does not match the file's JSON Schema" },
  'incoherent-manifest': {
    severity: 'error',
    about: 'tool.json contradicts itself (duplicate keys, show_if, defaults, ranges)',
  },
  'id-differs-from-folder': { severity: 'warning', about: 'tool.json id is not the folder name' },
  'no-outputs': { severity: 'warning', about: 'the tool declares no outputs' },
  // reference/ (check 12's loaders)
  'fixture-invalid': { severity: 'error', about: 'a fixture file cannot be used as written' },
  'tolerance-invalid': {
    severity: 'error',
    about: "tolerance.yaml (or a fixture's tolerance block) cannot be used as written",
  },
  'expected-outputs-empty': { severity: 'warning', strict: 'error', about: 'a fixture asserts no outputs' },
  'required-input-missing': {
    severity: 'warning',
    strict: 'error',
    about: 'a fixture omits, or sets to null, an input tool.json calls required; it still runs as written',
  },
  'input-not-declared': {
    severity: 'warning',
    strict: 'error',
    about:
      'a negative fixture (expected_status) sends an input key tool.json does not declare; it still runs as written',
  },
  'stray-reference-file': { severity: 'info', strict: 'error', about: 'reference/ holds a file pixie never reads' },
  'no-fixtures': { severity: 'info', strict: 'error', about: 'the tool has no reference fixtures' },
  'output-not-covered': {
    severity: 'warning',
    about: 'a declared output is asserted by no fixture; noted beside the verdict, which it does not change',
  },
  'input-not-covered': {
    severity: 'info',
    about: "no fixture's inputs exercise a select option, a checkbox state or a range end (pixie lint --coverage)",
  },
  'fixture-not-found': { severity: 'error', about: '--fixture matched no fixture' },
  'no-fixture-selected': { severity: 'error', about: 'the --tag or --fixture selection left no fixture to run' },
  // check 4: the tool's imports against its declared dependencies (deptry's categories)
  'undeclared-import': {
    severity: 'error',
    about: 'the tool imports a package that nothing it declares provides',
  },
  'transitive-import': {
    severity: 'warning',
    about: 'the tool imports a package it does not declare, installed only because a declared dependency requires it',
  },
  'misplaced-import': {
    severity: 'warning',
    about:
      'the tool imports unconditionally a package declared only for development, as an extra or in a dependency group',
  },
  'optional-import-undeclared': {
    severity: 'warning',
    about: 'the tool imports a package optionally (guarded, or inside a function) that it declares nowhere',
  },
  'unused-dependency': {
    severity: 'info',
    about:
      'a run-time dependency is installed but imported nowhere in the tool’s code (fine when something needs it at run time, as FastAPI needs python-multipart for forms)',
  },
  'import-not-installed': {
    severity: 'info',
    about: 'no installed distribution provides an import, and a declared one that may provide it is not installed',
  },
  // check 8's second run of the sample input
  'nondeterministic-output': {
    severity: 'warning',
    about: 'two runs of the same sample input returned different values for an output',
  },
  // --explore
  'explore-failure': {
    severity: 'error',
    about: 'an input tool.json allows made the tool fail (5xx, crash, hang, memory, bad output)',
  },
  'explore-rejected': {
    severity: 'error',
    about: 'the tool refused (4xx) an input tool.json allows: the manifest and the tool disagree',
  },
  // check 12's run
  'tool-not-started': {
    severity: 'error',
    about: 'under --reference-only the tool could not be started for the fixtures',
  },
  'memory-limit': { severity: 'error', about: 'the tool used more memory than max_memory_mb' },
  'reference-written': {
    severity: 'error',
    about: 'the tool wrote into its reference/ folder while it ran, so its fixtures prove nothing',
  },
} as const satisfies Record<string, FindingRule>;

export type FindingCode = keyof typeof RULES;
export const FINDING_RULES: Readonly<Record<FindingCode, FindingRule>> = RULES;

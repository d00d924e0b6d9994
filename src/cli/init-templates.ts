// The files `pixie init` writes, as plain text so a user sees exactly this: the config, README's
// shard-and-merge workflow, a pre-commit hook and the editor's schema mappings.

export interface InitPaths {
  /** the tools directory, relative to the project root, with '/' separators */
  tools: string;
  /** reference-schemas/ of the pixie that runs, relative to the project root, starting with ./ */
  schemas: string;
}

export function configJson(p: InitPaths): string {
  return `${JSON.stringify(
    {
      $schema: `${p.schemas}/config.schema.json`,
      tools_dir: p.tools,
      env: { pass: [] },
      limits: { startup_timeout_seconds: 30 },
    },
    null,
    2,
  )}\n`;
}

export function workflowYaml(): string {
  return `# pixie: every tool's reference fixtures on three machines, then one merged report.
# Written by \`pixie init\`; see pixie's README (CI) for what each flag does.
name: pixie
on:
  push:
  pull_request:
jobs:
  validate:
    strategy: { fail-fast: false, matrix: { shard: [1, 2, 3] } }
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 20 }
      - run: npm ci
      - run: npx pixie lint
      - run: npx pixie validate --all --reference-only --strict --shard \${{ matrix.shard }}/3 --json > shard-\${{ matrix.shard }}.json
      - uses: actions/upload-artifact@v4
        if: always()
        with: { name: shard-\${{ matrix.shard }}, path: shard-\${{ matrix.shard }}.json }
  report:
    needs: validate
    if: always()
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with: { node-version: 20 }
      - run: npm ci
      - uses: actions/download-artifact@v4
        with: { pattern: shard-*, merge-multiple: true }
      - run: npx pixie report merge shard-*.json --json merged.json --junit pixie.xml --html pixie.html
      - uses: actions/upload-artifact@v4
        if: always()
        with: { name: pixie-report, path: "merged.json\\npixie.xml\\npixie.html" }
`;
}

export const PRE_COMMIT = `# pixie lint checks tool.json, fixtures and tolerance.yaml without starting anything.
# With the pre-commit framework (https://pre-commit.com): pre-commit install
repos:
  - repo: local
    hooks:
      - id: pixie-lint
        name: pixie lint
        entry: npx pixie lint
        language: system
        pass_filenames: false
        files: (tool\\.json|fixture_.*\\.json|tolerance\\.yaml|pixie\\.config\\.(json|ya?ml))$
`;

/** VS Code's json.schemas entries: file patterns (from the workspace root) and the schema each gets. */
export function jsonSchemas(p: InitPaths): { fileMatch: string[]; url: string }[] {
  return [
    { fileMatch: [`/${p.tools}/*/tool.json`], url: `${p.schemas}/tool.schema.json` },
    { fileMatch: [`/${p.tools}/*/reference/fixture_*.json`], url: `${p.schemas}/fixture.schema.json` },
    { fileMatch: ['/pixie.config.json'], url: `${p.schemas}/config.schema.json` },
  ];
}

/** The YAML extension's yaml.schemas: schema → the file patterns it applies to. */
export function yamlSchemas(p: InitPaths): Record<string, string[]> {
  return {
    [`${p.schemas}/tolerance.schema.json`]: [`${p.tools}/*/reference/tolerance.yaml`],
    [`${p.schemas}/config.schema.json`]: ['pixie.config.yaml', 'pixie.config.yml'],
  };
}

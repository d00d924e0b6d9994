export interface ProgressEvent {
  kind: 'check-start' | 'check-end' | 'fixture-end' | 'fixtures-total';
  tool_id: string;
  number?: number;
  name?: string;
  status?: string;
  message?: string;
  file?: string;
  total?: number;
}

export interface ValidateOptions {
  /** absolute path of the tool folder */
  toolDir: string;
  referenceOnly?: boolean;
  /** check 12 also fails on warnings, stray reference files and tools without fixtures */
  strict?: boolean;
  /** --fixture tokens (path, file name, bare name or glob) */
  fixture?: string[];
  /** --tag values */
  tag?: string[];
  /** fixtures run at once (default 4) */
  jobs?: number;
  /** override the 30 s /healthz deadline (tests) */
  healthTimeoutMs?: number;
  onProgress?: (event: ProgressEvent) => void;
}

// A module's user-facing sentences in one table, each a typed function of its parameters, after
// ESLint's `meta.messages`: a check or comparator writes each sentence once, beside its rule, and a
// wrong parameter fails to compile (ESLint's `{{placeholder}}` strings would fail only at run time).
export type MessageTable = Readonly<Record<string, (...args: never[]) => string>>;

/** Types of build-if-stale.mjs, for the test suite that imports it. */
export function newestSource(root: string): number;
export function buildIfStale(root: string, log?: (line: string) => void): 'built' | 'fresh';

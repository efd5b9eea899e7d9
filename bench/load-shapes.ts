/** What a load generator is asked to do and what it measured, for every generator of bench/load.ts. */

/**
 * `spread` and `paced` are bench/spread-load.ts: node:http connections, from many addresses
 * (`spread`) or one (`paced`), the latter only with a rate.
 */
export type Tool = 'autocannon' | 'wrk' | 'spread' | 'paced';

export interface LoadRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Paths (with their query) taken in turn instead of the URL's (autocannon only). */
  paths?: readonly string[];
  /** The answer status counted as success (default: any 2xx). */
  expectStatus?: number;
}

export interface LoadPlan {
  connections: number;
  /** Seconds of load; ignored when `amount` is set. */
  durationSec?: number;
  /** Exactly this many requests (autocannon only). */
  amount?: number;
  /**
   * Requests a second offered by all connections together, each connection on its own steady
   * schedule (`spread` and `paced` only: autocannon's rate sends each second's share in a burst);
   * without it each connection sends its next request as soon as the last is answered (a closed
   * loop that finds the ceiling).
   */
  rate?: number;
  tool: Tool;
}

export interface LoadStats {
  tool: Tool;
  requests: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers plus socket errors and timeouts: any is a broken measurement. */
  failures: number;
  /** What the failures were, e.g. `12 timeouts, HTTP 503 × 3`; empty when none. */
  failureDetail: string;
}

/**
 * The limits an answer reports. The monthly quota (`X-RateLimit-*`) comes on validation answers;
 * the burst window (`X-Burst-*`) on every answer to a key. A member the answer lacks is undefined.
 */
export interface RateLimit {
  /** Validations per calendar month (UTC) on the account's tier. */
  limit: number | undefined;
  /** Validations left this month. */
  remaining: number | undefined;
  /** When the monthly quota renews (ISO 8601, UTC). */
  reset: string | undefined;
  /** Requests per sliding 60 seconds on the account's tier. */
  burstLimit: number | undefined;
  /** Requests left in the current 60-second window. */
  burstRemaining: number | undefined;
}

export function rateLimitOf(headers: Headers | undefined): RateLimit {
  const integer = (name: string) => {
    const value = headers?.get(name);
    return value !== null && value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
  };
  return {
    limit: integer('x-ratelimit-limit'),
    remaining: integer('x-ratelimit-remaining'),
    reset: headers?.get('x-ratelimit-reset') ?? undefined,
    burstLimit: integer('x-burst-limit'),
    burstRemaining: integer('x-burst-remaining'),
  };
}

/** Subscription tiers and what each may use (spec section 5 and 8, decisions section 4). */

export const TIERS = ['free', 'pro', 'business', 'scale'] as const;
export type Tier = (typeof TIERS)[number];

export interface TierLimits {
  /** Validations per calendar month (UTC). */
  monthly: number;
  /** Requests per sliding 60 s window, on every authenticated endpoint. */
  burst_per_minute: number;
  /** Monitors an account may keep per key mode; 0: the tier has none (403). */
  monitors: number;
}

/**
 * Defaults from decisions section 4. The spec lists burst values 20, 60, 120 in tier order Free,
 * Pro, Business. `scale` has Business features; its limits are the operator's to set through
 * TIER_LIMITS (the default below is only a starting point). Monitors: enough for a
 * trial on Free, a customer base on Pro, every customer of a large seller on Business.
 */
export const DEFAULT_TIER_LIMITS: Readonly<Record<Tier, TierLimits>> = Object.freeze({
  free: { monthly: 500, burst_per_minute: 20, monitors: 0 },
  pro: { monthly: 10_000, burst_per_minute: 60, monitors: 1_000 },
  business: { monthly: 50_000, burst_per_minute: 120, monitors: 10_000 },
  scale: { monthly: 250_000, burst_per_minute: 600, monitors: 50_000 },
});

const TIER_TITLES: Readonly<Record<Tier, string>> = {
  free: 'Free',
  pro: 'Pro',
  business: 'Business',
  scale: 'Scale',
};

/**
 * A limit of every tier in words, for the pages that state it (so they say what the code does):
 * `Free none, Pro 1,000, Business 10,000, Scale 50,000` for the default monitor limits.
 */
export function limitsInWords(
  pick: (limits: TierLimits) => number,
  limits: Readonly<Record<Tier, TierLimits>> = DEFAULT_TIER_LIMITS,
): string {
  return TIERS.map((tier) => {
    const value = pick(limits[tier]);
    return `${TIER_TITLES[tier]} ${value === 0 ? 'none' : value.toLocaleString('en')}`;
  }).join(', ');
}

/**
 * `batch`: POST /v1/validate/batch and POST /v1/bulk; `export`: the CSV export of validation
 * records; `decisions`: POST /v1/decisions. Reads of work already accepted (bulk files and their
 * results, decisions and their proofs) need no feature.
 */
export type Feature = 'batch' | 'async' | 'webhooks' | 'consultation' | 'export' | 'decisions';

const FEATURES: Readonly<Record<Tier, ReadonlySet<Feature>>> = {
  free: new Set(),
  pro: new Set(['batch', 'async', 'webhooks', 'export', 'decisions']),
  business: new Set(['batch', 'async', 'webhooks', 'consultation', 'export', 'decisions']),
  scale: new Set(['batch', 'async', 'webhooks', 'consultation', 'export', 'decisions']),
};

export function tierAllows(tier: Tier, feature: Feature): boolean {
  return FEATURES[tier].has(feature);
}

/** The tiers that have a feature, in words for a refusal: `Pro, Business or Scale`. */
export function tiersWith(feature: Feature): string {
  const titles = TIERS.filter((tier) => tierAllows(tier, feature)).map((tier) => TIER_TITLES[tier]);
  return titles.length > 1 ? `${titles.slice(0, -1).join(', ')} or ${titles.at(-1)}` : titles.join('');
}

/** Async batch size per tier (spec 8): 200 Pro, 1000 Business (and Scale). */
export function asyncBatchLimit(tier: Tier): number {
  return tier === 'pro' ? 200 : tier === 'free' ? 0 : 1000;
}

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

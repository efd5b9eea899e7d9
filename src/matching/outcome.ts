/** The outcome of one compared field. */
export type FieldMatch = 'match' | 'partial' | 'mismatch' | 'not_processed';

/** `match` lowered to `partial`: what a field gets when the registered address could not be read with confidence. */
export function atMostPartial(outcome: FieldMatch): FieldMatch {
  return outcome === 'match' ? 'partial' : outcome;
}

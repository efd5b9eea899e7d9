/**
 * JSON may escape half of a UTF-16 surrogate pair on its own (`"\ud800"`), which is no text at all:
 * UTF-8 cannot encode it, so both databases would keep U+FFFD in its place, and a canonical
 * (RFC 8785) form of it does not exist, so a decision, a proof or an Idempotency-Key hash could not
 * be made of it. A request body holding one is refused where it is parsed, naming where it is.
 */

/**
 * Where the first string or member name with a lone surrogate is in a parsed JSON value, as the
 * schema errors name members (`seller.vat_number`, `vat_numbers.3`, `body`); undefined if none.
 * Iterative: a body may be nested ten thousand levels deep.
 */
export function loneSurrogateAt(value: unknown): string | undefined {
  // Each pending value with its place: its name and its parent's place (null for the body).
  const pending: Array<[unknown, Place | null]> = [[value, null]];
  while (pending.length > 0) {
    const [current, place] = pending.pop()!;
    if (typeof current === 'string') {
      if (!current.isWellFormed()) return nameOf(place);
    } else if (Array.isArray(current)) {
      // Pushed last to first, so the first in the body is looked at first.
      for (let index = current.length - 1; index >= 0; index--)
        pending.push([current[index], { name: String(index), parent: place }]);
    } else if (current !== null && typeof current === 'object') {
      const members = Object.entries(current);
      for (const [name] of members) if (!name.isWellFormed()) return `${nameOf(place)} (a member name)`;
      for (let index = members.length - 1; index >= 0; index--)
        pending.push([members[index][1], { name: members[index][0], parent: place }]);
    }
  }
  return undefined;
}

interface Place {
  name: string;
  parent: Place | null;
}

/** The most characters of a place a message repeats: member names come from the client. */
const MAX_PLACE_IN_MESSAGE = 200;

function nameOf(place: Place | null): string {
  const names: string[] = [];
  for (let at = place; at !== null; at = at.parent) names.unshift(at.name);
  const joined = names.join('.');
  if (joined === '') return 'body';
  return joined.length > MAX_PLACE_IN_MESSAGE
    ? `${joined.slice(0, MAX_PLACE_IN_MESSAGE).toWellFormed()}…`
    : joined;
}

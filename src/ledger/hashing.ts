import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * The ledger's hashes: a record's canonical form is RFC 8785 (JSON
 * Canonicalization Scheme) of the record without `ledger`, with `evidence` replaced by its
 * `response_sha256` (or null); its leaf hash is SHA-256(0x00 ‖ canonical bytes); an inner node of
 * a seal's Merkle tree is SHA-256(0x01 ‖ left ‖ right) as RFC 6962, an odd node promoted
 * unchanged; a seal's hash is SHA-256 of RFC 8785 of `{ previous_hash, root, count, from, to }`.
 * Hashes are lowercase hex.
 */

const LEAF = Buffer.from([0x00]);
const NODE = Buffer.from([0x01]);

/**
 * RFC 8785 of `value`. The value is copied with every object's members in sorted order (UTF-16
 * code units, as RFC 8785 orders them) and then serialised by `JSON.stringify`, whose numbers and
 * strings are RFC 8785's. Two things `JSON.stringify` would do differently are refused here as the
 * `canonicalize` package refuses them: a number that is not finite and a string with a lone
 * surrogate. An object with a member named like an array index (`"0"`, `"12"`) or `__proto__`
 * cannot be copied in sorted order (JavaScript puts the first first, in numeric order, and takes
 * the second as the prototype), so such a value is serialised by the `canonicalize` package, as
 * is one nested too deep for the copy's recursion.
 */
export function canonicalJson(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(sortedCopy(value));
  } catch (error) {
    // The copy and JSON.stringify recurse, the package does not: a value nested deeper than the
    // stack allows (a request body of a hundred thousand brackets) is its to serialise too.
    if (error !== UNORDERABLE && !(error instanceof RangeError)) throw error;
    text = canonicalize(value);
  }
  if (text === undefined) throw new TypeError('value has no canonical JSON form');
  return text;
}

/** Thrown inside `sortedCopy` for a member an object literal cannot hold in sorted order. */
const UNORDERABLE = Symbol('a member a copy cannot hold in sorted order');
const UNORDERABLE_NAME = /^(?:0|[1-9][0-9]*|__proto__)$/;

function sortedCopy(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
      if (!value.isWellFormed())
        throw new TypeError('a string with a lone surrogate has no canonical JSON form');
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${value} has no canonical JSON form`);
      return value;
    case 'object':
      break;
    default:
      return value;
  }
  if (value === null) return null;
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return sortedCopy((value as { toJSON: () => unknown }).toJSON());
  if (value instanceof Number || value instanceof String || value instanceof Boolean)
    return sortedCopy(value.valueOf());
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    // Only a name starting with a digit or `_` can be one a copy cannot hold in order.
    const first = key.charCodeAt(0);
    if (((first >= 48 && first <= 57) || first === 95) && UNORDERABLE_NAME.test(key)) throw UNORDERABLE;
    copy[key] = sortedCopy((value as Record<string, unknown>)[key]);
  }
  return copy;
}

/** The leaf hash of a record, from its canonical form (the record as hashed: no `ledger`). */
export function leafHash(hashed: object): string {
  return leafHashOf(canonicalJson(hashed));
}

/** The leaf hash of a record whose canonical form is `canonical`. */
export function leafHashOf(canonical: string): string {
  return createHash('sha256').update(LEAF).update(canonical, 'utf8').digest('hex');
}

export function nodeHash(left: string, right: string): string {
  return createHash('sha256')
    .update(NODE)
    .update(Buffer.from(left, 'hex'))
    .update(Buffer.from(right, 'hex'))
    .digest('hex');
}

export interface SealHeader {
  previous_hash: string | null;
  root: string;
  count: number;
  from: string;
  to: string;
}

export function sealHash(header: SealHeader): string {
  const { previous_hash, root, count, from, to } = header;
  return createHash('sha256')
    .update(canonicalJson({ previous_hash, root, count, from, to }), 'utf8')
    .digest('hex');
}

export interface PathStep {
  side: 'left' | 'right';
  hash: string;
}

/** The Merkle root over leaf hashes in order: pairs hashed level by level, an odd last node promoted. */
export function merkleRoot(leaves: readonly string[]): string {
  if (leaves.length === 0) throw new RangeError('a Merkle root needs at least one leaf');
  let level = [...leaves];
  while (level.length > 1) level = nextLevel(level);
  return level[0];
}

/**
 * The inclusion path of leaf `index`: at each level, the sibling's hash and which side it is on
 * (a promoted odd node has no sibling at that level and adds no step).
 */
export function inclusionPath(leaves: readonly string[], index: number): PathStep[] {
  if (index < 0 || index >= leaves.length) throw new RangeError(`no leaf ${index} among ${leaves.length}`);
  const path: PathStep[] = [];
  let level = [...leaves];
  let at = index;
  while (level.length > 1) {
    const sibling = at % 2 === 0 ? at + 1 : at - 1;
    if (sibling < level.length) path.push({ side: at % 2 === 0 ? 'right' : 'left', hash: level[sibling] });
    level = nextLevel(level);
    at = Math.floor(at / 2);
  }
  return path;
}

/** The root a leaf and its inclusion path lead to. */
export function rootFromPath(leaf: string, path: readonly PathStep[]): string {
  return path.reduce(
    (hash, step) => (step.side === 'left' ? nodeHash(step.hash, hash) : nodeHash(hash, step.hash)),
    leaf,
  );
}

function nextLevel(level: readonly string[]): string[] {
  const next: string[] = [];
  for (let i = 0; i < level.length; i += 2)
    next.push(i + 1 < level.length ? nodeHash(level[i], level[i + 1]) : level[i]);
  return next;
}

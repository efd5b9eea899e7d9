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

export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('value has no canonical JSON form');
  return text;
}

/** The leaf hash of a record, from its canonical form (the record as hashed: no `ledger`). */
export function leafHash(hashed: object): string {
  return createHash('sha256').update(LEAF).update(canonicalJson(hashed), 'utf8').digest('hex');
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

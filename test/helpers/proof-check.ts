import { createHash } from 'node:crypto';

/**
 * A proof checked with its JSON and node:crypto alone, by the procedure of
 * docs/evidence-and-ledger.md written out afresh, not with the service's code: RFC 8785 of the
 * hashed member (`record` of a validation proof, `decision` of a decision proof) is the leaf, the
 * inclusion path leads to the seal's root, and the seal's header hashes to its hash.
 */

// RFC 8785 for the JSON values a proof holds: keys sorted by UTF-16 code units, ECMAScript
// number and string serialisation (what JSON.stringify does for a single value).
export function jcs(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jcs).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jcs(v)}`).join(',')}}`;
}
export const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest('hex');
const hex = (text: string) => Buffer.from(text, 'hex');

export function checkProofOf(
  // biome-ignore lint/suspicious/noExplicitAny: the proof is read as plain JSON, as a client would
  proof: any,
  member: 'record' | 'decision',
): { leafOk: boolean; rootOk: boolean; sealOk: boolean } {
  const leaf = sha256(Buffer.from([0]), Buffer.from(jcs(proof[member]), 'utf8'));
  const leafOk = leaf === proof.record_hash;
  if (!proof.sealed) return { leafOk, rootOk: false, sealOk: false };
  let node = leaf;
  for (const step of proof.inclusion_path)
    node =
      step.side === 'left'
        ? sha256(Buffer.from([1]), hex(step.hash), hex(node))
        : sha256(Buffer.from([1]), hex(node), hex(step.hash));
  const { previous_hash, root, count, from, to } = proof.seal;
  const sealOk =
    sha256(Buffer.from(jcs({ previous_hash, root, count, from, to }), 'utf8')) === proof.seal.hash;
  return { leafOk, rootOk: node === proof.seal.root, sealOk };
}

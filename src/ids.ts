import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * `length` uniformly random base62 characters. Bytes of 248 and above are discarded (rejection
 * sampling), since 256 is not a multiple of 62 and keeping them would bias the first characters.
 */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Prefixed identifiers: `acc_…`, `key_…`, `evt_…`, `dlv_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(20)}`;
}

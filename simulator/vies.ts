import type { SimRegistry } from './types.js';

// Placeholder: replaced by the vies protocol module.
export const viesSim: SimRegistry = {
  id: 'vies',
  seed: [],
  handle: () => ({ status: 501, body: 'not implemented' }),
  fault: () => ({ status: 500, body: 'fault' }),
  malformed: () => ({ status: 200, body: '<' }),
  numberOf: () => null,
};

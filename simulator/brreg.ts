import type { SimRegistry } from './types.js';

// Placeholder: replaced by the brreg protocol module.
export const brregSim: SimRegistry = {
  id: 'brreg',
  seed: [],
  handle: () => ({ status: 501, body: 'not implemented' }),
  fault: () => ({ status: 500, body: 'fault' }),
  malformed: () => ({ status: 200, body: '<' }),
  numberOf: () => null,
};

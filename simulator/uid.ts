import type { SimRegistry } from './types.js';

// Placeholder: replaced by the uid protocol module.
export const uidSim: SimRegistry = {
  id: 'uid',
  seed: [],
  handle: () => ({ status: 501, body: 'not implemented' }),
  fault: () => ({ status: 500, body: 'fault' }),
  malformed: () => ({ status: 200, body: '<' }),
  numberOf: () => null,
};

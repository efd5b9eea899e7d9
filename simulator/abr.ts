import type { SimRegistry } from './types.js';

// Placeholder: replaced by the abr protocol module.
export const abrSim: SimRegistry = {
  id: 'abr',
  seed: [],
  handle: () => ({ status: 501, body: 'not implemented' }),
  fault: () => ({ status: 500, body: 'fault' }),
  malformed: () => ({ status: 200, body: '<' }),
  numberOf: () => null,
};

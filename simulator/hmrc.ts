import type { SimRegistry } from './types.js';

// Placeholder: replaced by the hmrc protocol module.
export const hmrcSim: SimRegistry = {
  id: 'hmrc',
  seed: [],
  handle: () => ({ status: 501, body: 'not implemented' }),
  fault: () => ({ status: 500, body: 'fault' }),
  malformed: () => ({ status: 200, body: '<' }),
  numberOf: () => null,
};

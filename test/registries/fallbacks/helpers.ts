import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type RegistrySimulator, startSimulator } from '../../../simulator/server.js';
import { checkVatNumber, type ParsedVatNumber } from '../../../src/numbers/index.js';
import { type Registry, RegistryError, type RegistryFailureKind } from '../../../src/registries/registry.js';

/** A normalised number as the service parses it. */
export function parsed(vatNumber: string): ParsedVatNumber {
  const check = checkVatNumber(vatNumber);
  if (check.kind !== 'checked') throw new Error(`${vatNumber} does not parse`);
  return check.number;
}

export async function failureOf(promise: Promise<unknown>): Promise<RegistryError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RegistryError);
    return error as RegistryError;
  }
  throw new Error('expected a RegistryError, got an answer');
}

export async function expectFailure(
  promise: Promise<unknown>,
  registry: string,
  kind: RegistryFailureKind,
): Promise<RegistryError> {
  const error = await failureOf(promise);
  expect(error.registry).toBe(registry);
  expect(error.kind).toBe(kind);
  return error;
}

/** One simulator and one client per describe block; the simulator is reset before each test. */
export function useClient(create: (sim: RegistrySimulator) => Registry): {
  sim: RegistrySimulator;
  client: Registry;
} {
  const suite = {} as { sim: RegistrySimulator; client: Registry };
  beforeAll(async () => {
    suite.sim = await startSimulator();
    suite.client = create(suite.sim);
  });
  afterAll(async () => {
    await suite.client?.close();
    await suite.sim?.close();
  });
  beforeEach(() => suite.sim.reset());
  return suite;
}

export const NOT_VALID = {
  valid: false,
  name: null,
  address: null,
  consultationNumber: null,
  exchange: expect.any(Object),
};

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, call } from '@hsa/service-kit';
import { StreamReader, dropDatabase, fullForm, minimalForm, newUserId, startTestService, type TestService } from './helpers';

let t: TestService;
let reader: StreamReader;

beforeAll(async () => {
  reader = await StreamReader.open(new Date(Date.now() - 1000));
  t = await startTestService();
});

afterAll(async () => {
  await reader?.close();
  await t?.stop();
  if (t) await dropDatabase(t.databaseName);
});

const values = { estimatedValue: 431_000, estimatedValueLow: 398_000, estimatedValueHigh: 466_000 };
const updateValuation = (userId: string, id: string, v: Partial<typeof values> = values) =>
  call(t.client, t.client.UpdateValuation, { id, ...v }, { userId });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('UpdateValuation', () => {
  it("saves the refreshed value on the owner's property and emits property.valuation.refreshed", async () => {
    const userId = newUserId();
    const created = await call(t.client, t.client.CreateProperty, { fields: minimalForm() }, { userId });
    const updated = await updateValuation(userId, created.id);
    expect(updated).toMatchObject({ id: created.id, ...values, address: created.address, bedrooms: created.bedrooms });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    expect(await call(t.client, t.client.GetProperty, { id: created.id }, { userId })).toEqual(updated);

    const events = await reader.waitForProperty(created.id, 2);
    expect(events.map((e) => e.subject)).toEqual(['property.created', 'property.valuation.refreshed']);
    expect(events[1]!.event).toMatchObject({ type: 'property.valuation.refreshed', propertyId: created.id, userId });
  });

  it('saves an estimate that came without a range as a value without one (the old range is cleared)', async () => {
    const userId = newUserId();
    const created = await call(t.client, t.client.CreateProperty, { fields: minimalForm() }, { userId });
    await updateValuation(userId, created.id);
    const unranged = await call(t.client, t.client.UpdateValuation, { id: created.id, estimatedValue: 440_000 }, { userId });
    expect(unranged.estimatedValue).toBe(440_000);
    expect(unranged.estimatedValueLow).toBeUndefined();
    expect(unranged.estimatedValueHigh).toBeUndefined();
    // Half a range is not a range.
    const half = await failure(call(t.client, t.client.UpdateValuation, { id: created.id, estimatedValue: 440_000, estimatedValueLow: 400_000 }, { userId }));
    expect(half).toMatchObject({ code: 'INVALID_ARGUMENT', message: 'estimatedValueLow and estimatedValueHigh go together' });
  });

  it("answers NOT_FOUND for another user's or an unknown property, and changes nothing", async () => {
    const owner = newUserId();
    const created = await call(t.client, t.client.CreateProperty, { fields: fullForm() }, { userId: owner });
    expect((await failure(updateValuation(newUserId(), created.id))).code).toBe('NOT_FOUND');
    expect((await failure(updateValuation(owner, '0b6d7c2e-4f1a-4c59-9a3e-2b7d8f1e6a10'))).code).toBe('NOT_FOUND');
    expect((await failure(updateValuation(owner, 'demo-property'))).code).toBe('NOT_FOUND');
    expect(await call(t.client, t.client.GetProperty, { id: created.id }, { userId: owner })).toEqual(created);
  });

  it('refuses values out of order, negative or beyond the limit with INVALID_ARGUMENT', async () => {
    const userId = newUserId();
    const created = await call(t.client, t.client.CreateProperty, { fields: minimalForm() }, { userId });
    const outOfOrder = await failure(updateValuation(userId, created.id, { ...values, estimatedValueLow: 500_000 }));
    expect(outOfOrder.code).toBe('INVALID_ARGUMENT');
    expect(outOfOrder.message).toBe('Values must satisfy estimatedValueLow <= estimatedValue <= estimatedValueHigh');
    expect((await failure(updateValuation(userId, created.id, { ...values, estimatedValueLow: -1 }))).code).toBe('INVALID_ARGUMENT');
    expect((await failure(updateValuation(userId, created.id, { ...values, estimatedValueHigh: 2_000_000_000 }))).code).toBe('INVALID_ARGUMENT');
    expect((await failure(call(t.client, t.client.UpdateValuation, { id: created.id }))).code).toBe('UNAUTHENTICATED');
    expect((await call(t.client, t.client.GetProperty, { id: created.id }, { userId })).estimatedValue).toBeUndefined();
  });
});

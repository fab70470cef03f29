import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeFactMessages, latestCurrentYear, validationMessages as m } from '@hsa/contracts';
import { loadPropertyProto, type PropertyFields, type PropertyMessage } from '@hsa/protos';
import { AppError, call, generateInternalKeyPair, InternalTokenSigner } from '@hsa/service-kit';
import { dropDatabase, fullForm, minimalForm, newUserId, startTestService, type TestService } from './helpers';

let t: TestService;

beforeAll(async () => {
  t = await startTestService();
});

afterAll(async () => {
  await t?.stop();
  if (t) await dropDatabase(t.databaseName);
});

const create = (userId: string, fields: PropertyFields) =>
  call(t.client, t.client.CreateProperty, { fields }, { userId });
const get = (userId: string, id: string) => call(t.client, t.client.GetProperty, { id }, { userId });
const update = (userId: string, id: string, fields: PropertyFields) =>
  call(t.client, t.client.UpdateProperty, { id, fields }, { userId });
const archive = (userId: string, id: string) => call(t.client, t.client.ArchiveProperty, { id }, { userId });
const unarchive = (userId: string, id: string) => call(t.client, t.client.UnarchiveProperty, { id }, { userId });
const list_ = (userId: string) => list(userId, 'LIST_FILTER_ALL');
const list = async (userId: string, filter: 'LIST_FILTER_ALL' | 'LIST_FILTER_ACTIVE' | 'LIST_FILTER_ARCHIVED') =>
  (await call(t.client, t.client.ListProperties, { filter }, { userId })).properties;

/** The AppError a call rejects with. */
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

/** The message's data without updatedAt and without the loader's oneof markers (`_yearBuilt`...). */
const content = (message: PropertyMessage) =>
  Object.fromEntries(Object.entries(message).filter(([key]) => !key.startsWith('_') && key !== 'updatedAt'));

describe('create and get', () => {
  it('stores every field and answers it back', async () => {
    const userId = newUserId();
    const before = Date.now();
    const created = await create(userId, fullForm());
    expect(created).toMatchObject({ ...fullForm(), userId, archived: false });
    expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(created.archivedAt).toBeUndefined();
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(created.updatedAt).toBe(created.createdAt);

    expect(await get(userId, created.id)).toEqual(created);
  });

  it('leaves optional fields absent and defaults the property type', async () => {
    const userId = newUserId();
    const created = await create(userId, minimalForm());
    expect(created.propertyType).toBe('single_family');
    expect(created.bathrooms).toBe(1);
    for (const key of ['yearBuilt', 'additionalInfo', 'estimatedValue', 'estimatedValueLow', 'estimatedValueHigh', 'lotSize', 'coordinates', 'placeId', 'archivedAt'] as const) {
      expect(created[key], key).toBeUndefined();
    }
    expect(await get(userId, created.id)).toEqual(created);
  });

  it('trims text fields and keeps large whole-dollar values exact', async () => {
    const userId = newUserId();
    const created = await create(userId, { ...fullForm(), address: '  9 Elm St ', estimatedValue: 987_654_321 });
    expect(created.address).toBe('9 Elm St');
    expect((await get(userId, created.id)).estimatedValue).toBe(987_654_321);
  });
});

describe('update', () => {
  it('changes only the fields present', async () => {
    const userId = newUserId();
    const created = await create(userId, fullForm());
    const updated = await update(userId, created.id, { bedrooms: 4, bathrooms: 3.5 });
    expect(updated).toEqual({ ...created, bedrooms: 4, bathrooms: 3.5, updatedAt: updated.updatedAt });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect(await get(userId, created.id)).toEqual(updated);
  });

  it('sets every editable field', async () => {
    const userId = newUserId();
    const created = await create(userId, minimalForm());
    const all = fullForm();
    const updated = await update(userId, created.id, all);
    expect(content(updated)).toEqual(content({ ...created, ...(all as object) } as PropertyMessage));
    expect(content(updated)).not.toEqual(content(created));
  });

  it('clears nullable fields named in clear_fields', async () => {
    const userId = newUserId();
    const created = await create(userId, fullForm());
    const cleared = await update(userId, created.id, {
      clearFields: ['year_built', 'additional_info', 'estimated_value', 'estimated_value_low', 'estimated_value_high', 'lot_size', 'coordinates', 'place_id'],
    });
    for (const key of ['yearBuilt', 'additionalInfo', 'estimatedValue', 'estimatedValueLow', 'estimatedValueHigh', 'lotSize', 'coordinates', 'placeId'] as const) {
      expect(cleared[key], key).toBeUndefined();
    }
    expect(cleared).toMatchObject({ address: created.address, bedrooms: 3, bathrooms: 2.5, propertyType: 'townhouse' });
    expect(await get(userId, created.id)).toEqual(cleared);

    const coordinatesBack = await update(userId, created.id, { coordinates: { latitude: -33.5, longitude: 0 } });
    expect(coordinatesBack.coordinates).toEqual({ latitude: -33.5, longitude: 0 });
  });

  it('refuses to clear a required field or to set and clear the same one', async () => {
    const userId = newUserId();
    const created = await create(userId, fullForm());
    const clearAddress = await failure(update(userId, created.id, { clearFields: ['address'] }));
    expect(clearAddress.code).toBe('INVALID_ARGUMENT');
    expect(clearAddress.message).toBe('Cannot clear field: address');
    const both = await failure(update(userId, created.id, { yearBuilt: 2000, clearFields: ['year_built'] }));
    expect(both.code).toBe('INVALID_ARGUMENT');
    expect(await get(userId, created.id)).toEqual(created);
  });
});

describe('archive and unarchive', () => {
  it('moves a property between the active and archived lists', async () => {
    const userId = newUserId();
    const created = await create(userId, fullForm());

    const archived = await archive(userId, created.id);
    expect(archived.archived).toBe(true);
    expect(Date.parse(archived.archivedAt!)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));
    expect(content(archived)).toEqual(content({ ...created, archived: true, archivedAt: archived.archivedAt! }));
    expect(await get(userId, created.id)).toEqual(archived);

    // Archiving again changes nothing.
    expect(await archive(userId, created.id)).toEqual(archived);

    const restored = await unarchive(userId, created.id);
    expect(restored.archived).toBe(false);
    expect(restored.archivedAt).toBeUndefined();
    expect(content(restored)).toEqual(content(created));
    expect(await unarchive(userId, created.id)).toEqual(restored);
  });

  it('lists all, active and archived properties, newest first', async () => {
    const userId = newUserId();
    const first = await create(userId, { ...minimalForm(), address: '1 First St' });
    const second = await create(userId, { ...minimalForm(), address: '2 Second St' });
    const third = await create(userId, { ...minimalForm(), address: '3 Third St' });
    await archive(userId, second.id);

    expect((await list(userId, 'LIST_FILTER_ALL')).map((p) => p.id)).toEqual([third.id, second.id, first.id]);
    expect((await list(userId, 'LIST_FILTER_ACTIVE')).map((p) => p.id)).toEqual([third.id, first.id]);
    const archivedList = await list(userId, 'LIST_FILTER_ARCHIVED');
    expect(archivedList.map((p) => p.id)).toEqual([second.id]);
    expect(archivedList[0]).toEqual(await get(userId, second.id));

    // A request without a filter lists everything.
    const unfiltered = await call(t.client, t.client.ListProperties, {}, { userId });
    expect(unfiltered.properties).toHaveLength(3);
    expect(await list(newUserId(), 'LIST_FILTER_ALL')).toEqual([]);
  });
});

describe('ownership', () => {
  it("answers NOT_FOUND for another user's property and leaves it untouched", async () => {
    const owner = newUserId();
    const intruder = newUserId();
    const created = await create(owner, fullForm());
    await create(intruder, minimalForm());

    for (const attempt of [
      () => get(intruder, created.id),
      () => update(intruder, created.id, { bedrooms: 5 }),
      () => archive(intruder, created.id),
      () => unarchive(intruder, created.id),
    ]) {
      const err = await failure(attempt());
      expect(err.code).toBe('NOT_FOUND');
    }
    expect(await get(owner, created.id)).toEqual(created);

    await archive(owner, created.id);
    expect((await failure(unarchive(intruder, created.id))).code).toBe('NOT_FOUND');
    for (const filter of ['LIST_FILTER_ALL', 'LIST_FILTER_ACTIVE', 'LIST_FILTER_ARCHIVED'] as const) {
      expect((await list(intruder, filter)).map((p) => p.id)).not.toContain(created.id);
    }
    expect((await list(owner, 'LIST_FILTER_ARCHIVED')).map((p) => p.id)).toEqual([created.id]);
  });

  it('answers NOT_FOUND for unknown and malformed ids', async () => {
    const userId = newUserId();
    for (const id of [randomUUID(), 'not-a-uuid', '', '1; drop table properties']) {
      expect((await failure(get(userId, id))).code).toBe('NOT_FOUND');
      expect((await failure(update(userId, id, { bedrooms: 2 }))).code).toBe('NOT_FOUND');
      expect((await failure(archive(userId, id))).code).toBe('NOT_FOUND');
      expect((await failure(unarchive(userId, id))).code).toBe('NOT_FOUND');
    }
  });

  it('refuses a forged identity from anyone who reaches its port: nothing of the victim is read', async () => {
    const victim = newUserId();
    await create(victim, minimalForm());
    await create(victim, fullForm());
    const attacker = generateInternalKeyPair('gateway');
    const forgedToken = await new InternalTokenSigner(attacker.privateJwk, 'gateway').sign({
      audience: 'property',
      method: '/property.v1.PropertyService/ListProperties',
      userId: victim,
    });
    const raw = new grpc.Client(t.service.grpcAddress, grpc.credentials.createInsecure());
    const list = loadPropertyProto().PropertyService.service.ListProperties;
    const forgedList = (metadata: Record<string, string>) =>
      new Promise<{ code: grpc.status; count: number }>((resolve) => {
        const md = new grpc.Metadata();
        for (const [name, value] of Object.entries(metadata)) md.set(name, value);
        raw.makeUnaryRequest(list.path, list.requestSerialize, list.responseDeserialize, { filter: 'LIST_FILTER_ALL' }, md, { deadline: Date.now() + 5000 }, (err, res) =>
          resolve({ code: err ? err.code : grpc.status.OK, count: (res as { properties?: unknown[] } | undefined)?.properties?.length ?? 0 }),
        );
      });
    const forged = [{ 'x-user-id': victim }, { authorization: `Bearer ${forgedToken}` }, { 'x-user-id': victim, authorization: `Bearer ${forgedToken}` }];
    const answers = await Promise.all(forged.map(forgedList));
    raw.close();
    expect(answers).toEqual(forged.map(() => ({ code: grpc.status.UNAUTHENTICATED, count: 0 })));
    console.log(`[internal-auth] property service: forged calls attempted ${forged.length}, refused ${answers.filter((a) => a.code === grpc.status.UNAUTHENTICATED).length}, properties read 0`);
    // The control: the gateway's own signed call for the victim reads both.
    expect((await list_(victim)).length).toBe(2);
  });

  it('refuses calls without a user with UNAUTHENTICATED', async () => {
    const owner = newUserId();
    const created = await create(owner, minimalForm());
    const attempts = [
      () => call(t.client, t.client.CreateProperty, { fields: minimalForm() }),
      () => call(t.client, t.client.GetProperty, { id: created.id }),
      () => call(t.client, t.client.UpdateProperty, { id: created.id, fields: { bedrooms: 5 } }),
      () => call(t.client, t.client.ArchiveProperty, { id: created.id }),
      () => call(t.client, t.client.UnarchiveProperty, { id: created.id }),
      () => call(t.client, t.client.ListProperties, { filter: 'LIST_FILTER_ALL' }),
    ];
    for (const attempt of attempts) expect((await failure(attempt())).code).toBe('UNAUTHENTICATED');
    expect(await get(owner, created.id)).toEqual(created);
  });
});

describe('validation', () => {
  const invalidForms: [string, PropertyFields, string][] = [
    ['empty address', { address: '' }, m.addressRequired],
    ['blank address', { address: '   ' }, m.addressRequired],
    ['empty city', { city: '' }, m.cityRequired],
    ['empty state', { state: '' }, m.stateRequired],
    ['empty zip code', { zipCode: '' }, m.zipCodeRequired],
    ['no bedrooms', { bedrooms: 0 }, m.bedroomsMin],
    ['negative bedrooms', { bedrooms: -2 }, m.bedroomsMin],
    ['no bathrooms', { bathrooms: 0 }, m.bathroomsMin],
    ['too few bathrooms', { bathrooms: 0.4 }, m.bathroomsMin],
    ['no square footage', { squareFootage: 0 }, m.squareFootageRequired],
    ['a square footage no home has', { squareFootage: 1 }, homeFactMessages.squareFootageRange],
    ['a mansion beyond any home', { squareFootage: 2_000_000 }, homeFactMessages.squareFootageRange],
    ['too many bedrooms', { bedrooms: 120 }, homeFactMessages.bedroomsMax],
    ['quarter bathrooms', { bathrooms: 1.75 }, homeFactMessages.bathroomsHalves],
    ['a year built in the future', { yearBuilt: latestCurrentYear() + 1 }, homeFactMessages.yearBuiltFuture],
    ['a year built before any home', { yearBuilt: 1200 }, homeFactMessages.yearBuiltTooEarly],
    ['a negative lot', { lotSize: -1 }, homeFactMessages.lotSizeRange],
  ];

  it.each(invalidForms)('create with %s -> INVALID_ARGUMENT with the spec message', async (_name, patch, message) => {
    const userId = newUserId();
    const err = await failure(create(userId, { ...fullForm(), ...patch }));
    expect(err.code).toBe('INVALID_ARGUMENT');
    expect(err.message).toBe(message);
    expect(err.fieldErrors[0]).toEqual({ path: Object.keys(patch)[0], message });
    expect(await list(userId, 'LIST_FILTER_ALL')).toEqual([]);
  });

  const requiredFields: [keyof PropertyFields, string][] = [
    ['address', m.addressRequired],
    ['city', m.cityRequired],
    ['state', m.stateRequired],
    ['zipCode', m.zipCodeRequired],
    ['bedrooms', m.bedroomsMin],
    ['bathrooms', m.bathroomsMin],
    ['squareFootage', m.squareFootageRequired],
  ];

  it.each(requiredFields)('create without %s -> the spec message', async (field, message) => {
    const { [field]: _omitted, ...rest } = fullForm();
    const err = await failure(create(newUserId(), rest));
    expect(err.code).toBe('INVALID_ARGUMENT');
    expect(err.message).toBe(message);
  });

  it('create with no fields at all -> the first required field', async () => {
    const err = await failure(call(t.client, t.client.CreateProperty, {}, { userId: newUserId() }));
    expect(err.code).toBe('INVALID_ARGUMENT');
    expect(err.message).toBe(m.addressRequired);
  });

  it('create with bathrooms off the half steps or an unknown property type -> INVALID_ARGUMENT', async () => {
    const halves = await failure(create(newUserId(), { ...fullForm(), bathrooms: 2.3 }));
    expect(halves.message).toBe('Bathrooms must be in steps of 0.5');
    const type = await failure(create(newUserId(), { ...fullForm(), propertyType: 'castle' }));
    expect(type.code).toBe('INVALID_ARGUMENT');
    expect(type.fieldErrors[0]?.path).toBe('propertyType');
  });

  it.each(invalidForms)('update with %s -> INVALID_ARGUMENT with the spec message', async (_name, patch, message) => {
    const userId = newUserId();
    const created = await create(userId, fullForm());
    const err = await failure(update(userId, created.id, patch));
    expect(err.code).toBe('INVALID_ARGUMENT');
    expect(err.message).toBe(message);
    expect(await get(userId, created.id)).toEqual(created);
  });

  it('update with nothing to change -> INVALID_ARGUMENT', async () => {
    const userId = newUserId();
    const created = await create(userId, fullForm());
    const err = await failure(call(t.client, t.client.UpdateProperty, { id: created.id }, { userId }));
    expect(err.code).toBe('INVALID_ARGUMENT');
    expect(err.message).toBe('Nothing to update');
  });
});

describe('health and schema', () => {
  it('answers /healthz and /readyz with the database checked and NATS reported', async () => {
    const base = `http://127.0.0.1:${t.service.healthPort}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; checks: Record<string, boolean>; optional: string[] };
    expect(body).toEqual({ status: 'ready', checks: { database: true, nats: true }, optional: ['nats'] });
  });

  it('created the tables and the list index through the committed migrations', async () => {
    const client = new pg.Client({ connectionString: t.service.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ indexdef: string }>(
        "select indexdef from pg_indexes where indexname = 'properties_user_archived_created_idx'",
      );
      expect(rows[0]?.indexdef).toContain('(user_id, archived_at, created_at DESC');
      const tables = await client.query<{ tablename: string }>(
        "select tablename from pg_tables where schemaname = 'public' order by tablename",
      );
      expect(tables.rows.map((r) => r.tablename)).toEqual(['outbox', 'properties']);
    } finally {
      await client.end();
    }
  });
});

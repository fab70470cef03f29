import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '@hsa/contracts';
import type { PropertyFieldsMessage } from '@hsa/protos';
import { AppError } from '@hsa/service-kit';
import {
  changedPropertyValues,
  fieldsToInput,
  newPropertyValues,
  parseCreateFields,
  parseListFilter,
  parsePropertyId,
  parseUpdateFields,
  propertyEventTypes,
  toPropertyMessage,
  type PropertyRecord,
} from '../src/domain';

const fields = (f: Partial<PropertyFieldsMessage>): PropertyFieldsMessage => ({ clearFields: [], ...f });

const required = { address: '1 Main St', city: 'Davis', state: 'CA', zipCode: '95616', bedrooms: 2, bathrooms: 1.5, squareFootage: 900 };

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected an error');
}

describe('fieldsToInput', () => {
  it('copies present fields, ignores oneof markers and absent ones', () => {
    const input = fieldsToInput({
      ...fields({ address: 'A', bedrooms: 0, coordinates: { latitude: 1, longitude: 0 } }),
      _address: 'address',
      _bedrooms: 'bedrooms',
    });
    expect(input).toEqual({ address: 'A', bedrooms: 0, coordinates: { latitude: 1, longitude: 0 } });
  });

  it('turns clear_fields into nulls', () => {
    expect(fieldsToInput(fields({ clearFields: ['year_built', 'coordinates', 'estimated_value_low'] }))).toEqual({
      yearBuilt: null,
      coordinates: null,
      estimatedValueLow: null,
    });
  });

  it('refuses to clear a required or unknown field, or one also being set', () => {
    expect(thrown(() => fieldsToInput(fields({ clearFields: ['bedrooms'] }))).message).toBe('Cannot clear field: bedrooms');
    expect(thrown(() => fieldsToInput(fields({ clearFields: ['yearBuilt'] }))).code).toBe('INVALID_ARGUMENT');
    expect(thrown(() => fieldsToInput(fields({ placeId: 'x', clearFields: ['place_id'] }))).message).toBe(
      'Field both set and cleared: place_id',
    );
  });

  it('treats missing fields as empty', () => {
    expect(fieldsToInput(null)).toEqual({});
    expect(fieldsToInput(undefined)).toEqual({});
  });
});

describe('parseCreateFields', () => {
  it('validates and fills the default property type', () => {
    expect(parseCreateFields(fields(required))).toEqual({ ...required, propertyType: 'single_family' });
  });

  it.each([
    [{ address: '' }, m.addressRequired],
    [{ city: ' ' }, m.cityRequired],
    [{ state: '' }, m.stateRequired],
    [{ zipCode: '' }, m.zipCodeRequired],
    [{ bedrooms: 0 }, m.bedroomsMin],
    [{ bathrooms: 0 }, m.bathroomsMin],
    [{ squareFootage: 0 }, m.squareFootageRequired],
  ])('%o -> %s', (patch, message) => {
    const err = thrown(() => parseCreateFields(fields({ ...required, ...patch })));
    expect(err.code).toBe('INVALID_ARGUMENT');
    expect(err.message).toBe(message);
  });

  it('reports a missing required field with its spec message', () => {
    const { squareFootage: _s, ...rest } = required;
    expect(thrown(() => parseCreateFields(fields(rest))).message).toBe(m.squareFootageRequired);
  });
});

describe('parseUpdateFields', () => {
  it('keeps only present and cleared fields', () => {
    expect(parseUpdateFields(fields({ bedrooms: 3, clearFields: ['lot_size'] }))).toEqual({ bedrooms: 3, lotSize: null });
  });

  it('refuses an empty update and invalid values', () => {
    expect(thrown(() => parseUpdateFields(fields({}))).message).toBe('Nothing to update');
    expect(thrown(() => parseUpdateFields(fields({ bathrooms: 0 }))).message).toBe(m.bathroomsMin);
  });
});

describe('record values', () => {
  it('maps a create input with absent optionals to nulls and splits coordinates', () => {
    const values = newPropertyValues({ ...required, propertyType: 'condo', coordinates: { latitude: 38.5, longitude: -121.4 } });
    expect(values).toEqual({
      ...required,
      propertyType: 'condo',
      yearBuilt: null,
      additionalInfo: null,
      estimatedValue: null,
      estimatedValueLow: null,
      estimatedValueHigh: null,
      lotSize: null,
      latitude: 38.5,
      longitude: -121.4,
      placeId: null,
    });
  });

  it('maps an update to only the changed columns', () => {
    expect(changedPropertyValues({ bedrooms: 4, yearBuilt: null })).toEqual({ bedrooms: 4, yearBuilt: null });
    expect(changedPropertyValues({ coordinates: { latitude: 0, longitude: 12.5 } })).toEqual({ latitude: 0, longitude: 12.5 });
    expect(changedPropertyValues({ coordinates: null })).toEqual({ latitude: null, longitude: null });
  });
});

describe('toPropertyMessage', () => {
  const record: PropertyRecord = {
    id: '0b6d7c2e-4f1a-4c59-9a3e-2b7d8f1e6a10',
    userId: 'user-1',
    ...required,
    propertyType: 'single_family',
    yearBuilt: null,
    additionalInfo: null,
    estimatedValue: 450_000,
    estimatedValueLow: null,
    estimatedValueHigh: null,
    lotSize: null,
    latitude: 0,
    longitude: -121.5,
    placeId: null,
    createdAt: new Date('2026-01-02T03:04:05.678Z'),
    updatedAt: new Date('2026-01-03T00:00:00.000Z'),
    archivedAt: null,
  };

  it('leaves null columns absent and keeps zero coordinates', () => {
    expect(toPropertyMessage(record)).toEqual({
      id: record.id,
      userId: 'user-1',
      ...required,
      propertyType: 'single_family',
      estimatedValue: 450_000,
      coordinates: { latitude: 0, longitude: -121.5 },
      createdAt: '2026-01-02T03:04:05.678Z',
      updatedAt: '2026-01-03T00:00:00.000Z',
      archived: false,
    });
  });

  it('marks archived properties', () => {
    const message = toPropertyMessage({ ...record, archivedAt: new Date('2026-02-01T00:00:00Z'), latitude: null });
    expect(message.archived).toBe(true);
    expect(message.archivedAt).toBe('2026-02-01T00:00:00.000Z');
    expect(message.coordinates).toBeUndefined();
  });
});

describe('request parsing', () => {
  it('maps list filters by name and number', () => {
    expect(parseListFilter('LIST_FILTER_ALL')).toBe('all');
    expect(parseListFilter('LIST_FILTER_ACTIVE')).toBe('active');
    expect(parseListFilter('LIST_FILTER_ARCHIVED')).toBe('archived');
    expect(parseListFilter(2)).toBe('archived');
    expect(parseListFilter(undefined)).toBe('all');
    expect(thrown(() => parseListFilter(7 as never)).code).toBe('INVALID_ARGUMENT');
  });

  it('answers NOT_FOUND for ids that are not UUIDs', () => {
    expect(parsePropertyId('0B6D7C2E-4F1A-4C59-9A3E-2B7D8F1E6A10')).toBe('0b6d7c2e-4f1a-4c59-9a3e-2b7d8f1e6a10');
    for (const id of ['', 'demo-property', '123', undefined]) expect(thrown(() => parsePropertyId(id)).code).toBe('NOT_FOUND');
  });

  it('names one event type per change', () => {
    expect(propertyEventTypes).toEqual({
      created: 'property.created',
      updated: 'property.updated',
      archived: 'property.archived',
      unarchived: 'property.unarchived',
      valuationRefreshed: 'property.valuation.refreshed',
    });
  });
});

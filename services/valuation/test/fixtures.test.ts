import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fixtureJson, fixturesDir } from './fake-providers';
import {
  googleAutocompleteResponse,
  googleErrorResponse,
  googlePlaceDetails,
  rentCastError,
  rentCastPropertyRecords,
  rentCastValueEstimate,
} from './support/published-schemas';

/** Which published schema each fixture is an instance of. */
function schemaOf(name: string): z.ZodType {
  if (name.startsWith('google/error-')) return googleErrorResponse;
  if (name.startsWith('google/autocomplete-')) return googleAutocompleteResponse;
  if (name.startsWith('google/place-details-')) return googlePlaceDetails;
  if (name.startsWith('rentcast/error-')) return rentCastError;
  if (name.startsWith('rentcast/avm-value-')) return rentCastValueEstimate;
  if (name.startsWith('rentcast/properties-')) return rentCastPropertyRecords;
  throw new Error(`no published schema known for fixture ${name}`);
}

const fixtures = ['google', 'rentcast'].flatMap((dir) =>
  readdirSync(path.join(fixturesDir, dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => `${dir}/${f}`),
);

describe('provider fixtures are valid instances of the published schemas', () => {
  it('covers every fixture', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(15);
  });

  it.each(fixtures)('%s', (name) => {
    const result = schemaOf(name).safeParse(fixtureJson(name));
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });

  it('refuses what the schemas refuse: null for a string or number, an unpublished field', () => {
    expect(rentCastValueEstimate.safeParse({ price: 1, comparables: [{ id: 'x', lotSize: null }] }).success).toBe(false);
    expect(rentCastValueEstimate.safeParse({ price: 1, comparables: [{ id: 'x', addressLine2: null }] }).success).toBe(false);
    expect(rentCastValueEstimate.safeParse({ price: 1, estimate: 2 }).success).toBe(false);
    expect(googlePlaceDetails.safeParse({ id: 'x', rating: 4 }).success).toBe(false);
  });
});

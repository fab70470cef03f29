import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPropertySchema } from '@hsa/contracts';
import { flagVar, fromZodError, portVar, readConfig } from '../src';

describe('readConfig', () => {
  const schema = z.object({ PORT: portVar(8080), REQUIRED_URL: z.string().url(), FLAG: flagVar(false) });

  it('applies defaults and coerces values', () => {
    expect(readConfig(schema, { REQUIRED_URL: 'http://x', FLAG: 'yes' })).toEqual({
      PORT: 8080,
      REQUIRED_URL: 'http://x',
      FLAG: true,
    });
  });

  it('names every invalid variable in one error', () => {
    expect(() => readConfig(schema, { PORT: 'abc' })).toThrowError(/PORT[\s\S]*REQUIRED_URL/);
  });
});

describe('fromZodError', () => {
  it('carries the first message (the spec wording) and all field errors', () => {
    const parsed = createPropertySchema.safeParse({ address: '1 Main St', city: 'X', state: 'CA', zipCode: '1', bedrooms: 0, bathrooms: 0, squareFootage: 0 });
    expect(parsed.success).toBe(false);
    const err = fromZodError(parsed.error!);
    expect(err.code).toBe('INVALID_ARGUMENT');
    expect(err.message).toBe('Must have at least 1 bedroom');
    expect(err.fieldErrors.map((f) => f.path)).toEqual(['bedrooms', 'bathrooms', 'squareFootage']);
  });
});

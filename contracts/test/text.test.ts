import { describe, expect, it } from 'vitest';
import {
  attachPhotoSchema,
  createPropertySchema,
  propertyLookupSchema,
  updateListingSchema,
  updatePropertySchema,
  type CreatePropertyInput,
} from '../src';

const home: CreatePropertyInput = {
  address: '4112 Palm Ave',
  city: 'Sacramento',
  state: 'CA',
  zipCode: '95842',
  bedrooms: 3,
  bathrooms: 2,
  squareFootage: 1650,
  additionalInfo: 'Corner lot',
  placeId: 'place-1',
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('text fields refuse control characters with a message naming the field', () => {
  const fields: [keyof CreatePropertyInput, string][] = [
    ['address', 'Address'],
    ['city', 'City'],
    ['state', 'State'],
    ['zipCode', 'ZIP code'],
    ['additionalInfo', 'Additional information'],
    ['placeId', 'placeId'],
  ];
  for (const [field, label] of fields) {
    it(field, () => {
      for (const bad of ['a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u0008b']) {
        const result = createPropertySchema.safeParse({ ...home, [field]: `${home[field] as string}${bad}` });
        expect(firstMessage(result)).toBe(`${label} must not contain control characters`);
        expect(firstMessage(updatePropertySchema.safeParse({ [field]: bad }))).toBe(`${label} must not contain control characters`);
      }
      expect(firstMessage(createPropertySchema.safeParse({ ...home, [field]: 'x\uD800y' }))).toBe(`${label} must be valid text`);
    });
  }

  it('lets multi-line fields keep line breaks and tabs, not single-line ones', () => {
    expect(createPropertySchema.safeParse({ ...home, additionalInfo: 'New roof\n\tand windows\r\n' }).success).toBe(true);
    expect(firstMessage(createPropertySchema.safeParse({ ...home, city: 'Sacra\nmento' }))).toBe('City must not contain control characters');
    expect(updateListingSchema.safeParse({ description: 'Bright home.\n\nNew kitchen.' }).success).toBe(true);
    expect(firstMessage(updateListingSchema.safeParse({ description: 'Bright\u0000home' }))).toBe('Description must not contain control characters');
  });

  it('keeps ordinary Unicode: accents, quotes, emoji with joiners', () => {
    expect(createPropertySchema.safeParse({ ...home, address: 'Cañada “Rd” 👩‍👩‍👧', additionalInfo: 'Über 😀' }).success).toBe(true);
  });

  it('covers lookups and photos too', () => {
    expect(firstMessage(propertyLookupSchema.safeParse({ address: '3526 High St', placeId: 'p\u0000' }))).toBe(
      'placeId must not contain control characters',
    );
    expect(firstMessage(propertyLookupSchema.safeParse({ address: '3526 High\u0000 St' }))).toBe('Address must not contain control characters');
    expect(firstMessage(attachPhotoSchema.safeParse({ originalPath: 'users/a/b\u0000' }))).toBe('originalPath must not contain control characters');
  });
});

import { describe, expect, it } from 'vitest';
import { canSaveDemoProperty, shouldFetchDemoComparables } from '../src/domain/demoRules';

describe('demo rules (spec section 5)', () => {
  it('saves a demo property only with its city, state and address', () => {
    expect(canSaveDemoProperty({ address: '3526 High St', city: 'Sacramento', state: 'CA' })).toBe(true);
    expect(canSaveDemoProperty({ address: '3526 High St', city: 'Sacramento', state: ' ' })).toBe(false);
    expect(canSaveDemoProperty({ address: '3526 High St', city: '', state: 'CA' })).toBe(false);
    expect(canSaveDemoProperty({ address: '', city: 'Sacramento', state: 'CA' })).toBe(false);
    expect(canSaveDemoProperty(null)).toBe(false);
  });

  it('fetches demo comparables only for an address of 10+ characters and a city of 3+', () => {
    expect(shouldFetchDemoComparables({ address: '3526 High St', city: 'Sac' })).toBe(true);
    expect(shouldFetchDemoComparables({ address: '3526 High', city: 'Sacramento' })).toBe(false);
    expect(shouldFetchDemoComparables({ address: '3526 High St', city: 'SA' })).toBe(false);
    expect(shouldFetchDemoComparables({ address: '  3526 High  ', city: 'Sacramento' })).toBe(false);
    expect(shouldFetchDemoComparables(undefined)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { addressParts } from '../src/domain/addressParts';
import { isManualDraft, manualDraft } from '../src/domain/wizardProperty';

describe('the city, state and ZIP an address text holds', () => {
  it.each([
    ['3526 High St, Sacramento, CA 95838', { city: 'Sacramento', state: 'CA', zipCode: '95838' }],
    ['2 El Camino Real, West Sacramento, CA 95691', { city: 'West Sacramento', state: 'CA', zipCode: '95691' }],
    ['9 Nowhere Ave, Elk Grove, CA 95624-1234', { city: 'Elk Grove', state: 'CA', zipCode: '95624-1234' }],
    ['10 Main St, Davis, California 95616', { city: 'Davis', state: 'CA', zipCode: '95616' }],
    ['3526 High St, Sacramento, CA, USA', { city: 'Sacramento', state: 'CA', zipCode: '' }],
    ['3526 High St Sacramento CA', { city: 'Sacramento', state: 'CA', zipCode: '' }],
    ['100 Main Street Apt 4, Sacramento, CA 95814', { city: 'Sacramento', state: 'CA', zipCode: '95814' }],
    ['742 Evergreen Terrace, Springfield, IL 62704', { city: 'Springfield', state: 'IL', zipCode: '62704' }],
  ])('%s', (text, parts) => {
    expect(addressParts(text)).toEqual(parts);
  });

  it.each([
    // A city without a state could be a unit or a neighborhood: nothing is guessed.
    ['742 Evergreen Terrace, Springfield'],
    ['742 Evergreen Terrace'],
    ['1 Nowhere Rd, Springfield, XX 12345'],
    [''],
    ['!!!'],
  ])('%s holds no city, state or ZIP it can be sure of', (text) => {
    const parts = addressParts(text);
    expect(parts.city).toBe('');
    expect(parts.state).toBe('');
  });
});

describe('the manual-entry draft', () => {
  it('keeps the address as typed and fills the parts it holds, inventing none', () => {
    const draft = manualDraft(' 9 Nowhere Ave, Elk Grove, CA 95624 ', addressParts('9 Nowhere Ave, Elk Grove, CA 95624'));
    expect(draft).toMatchObject({ address: '9 Nowhere Ave, Elk Grove, CA 95624', city: 'Elk Grove', state: 'CA', zipCode: '95624' });
    expect(draft).toMatchObject({ bedrooms: null, bathrooms: null, squareFootage: null, yearBuilt: null, estimatedValue: null, coordinates: null });
    expect(isManualDraft(draft)).toBe(true);
    expect(manualDraft('742 Evergreen Terrace')).toMatchObject({ city: '', state: '', zipCode: '' });
  });
});

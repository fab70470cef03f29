import { describe, expect, it } from 'vitest';
import { pendingAddressText } from '@hsa/ui-kit';
import { decidePostLogin } from '../src/domain/postLogin';
import { decideWizardRoute, parseStep, wizardUrl, type WizardRoute } from '../src/domain/wizardRoute';

const route = (url: string, isAuthenticated: boolean): WizardRoute => {
  const parsed = new URL(url, 'http://localhost');
  return decideWizardRoute({ pathname: parsed.pathname, query: parsed.searchParams, isAuthenticated });
};

describe('wizard steps', () => {
  it('reads the step numbers 1, 1.5, 2, 3 and 4+', () => {
    expect(['1', '1.5', '2', '3', '4', '7'].map(parseStep)).toEqual([1, 1.5, 2, 3, 4, 7]);
    expect(['', '0', '2.5', 'two', '-1', '1.50', null].map(parseStep)).toEqual([null, null, null, null, null, null, null]);
  });
});

describe('the wizard reading its URL', () => {
  it('anonymous: demo mode, step 1 by default, step 2 for propertyId=demo', () => {
    expect(route('/?demo=true', false)).toMatchObject({ kind: 'wizard', demo: true, signedIn: false, propertyId: null, step: 1 });
    expect(route('/?propertyId=demo', false)).toMatchObject({ demo: true, step: 2 });
    expect(route('/?demo=true&step=2', false)).toMatchObject({ demo: true, step: 2 });
  });

  it('anonymous: only steps 1 and 2 (details, recommendations and listing need an account)', () => {
    expect(route('/?demo=true&step=1.5', false)).toMatchObject({ step: 2 });
    expect(route('/?demo=true&step=4', false)).toMatchObject({ step: 2 });
    expect(route('/?demo=true&step=nonsense', false)).toMatchObject({ step: 1 });
  });

  it('anonymous: the address is prefilled; /add-property becomes the demo', () => {
    expect(route('/?demo=true&address=3526%20High%20St', false)).toMatchObject({ address: '3526 High St', step: 1 });
    expect(route('/add-property', false)).toEqual({ kind: 'redirect', to: '/?demo=true' });
    expect(route('/add-property?address=51%20Omaha%20Ct', false)).toEqual({ kind: 'redirect', to: '/?demo=true&address=51%20Omaha%20Ct' });
  });

  it('signed in with a propertyId: that property, step 2 by default', () => {
    expect(route('/?propertyId=p-1', true)).toMatchObject({ demo: false, propertyId: 'p-1', step: 2 });
    expect(route('/?propertyId=p-1&step=1.5', true)).toMatchObject({ propertyId: 'p-1', step: 1.5 });
    expect(route('/?propertyId=p-1&step=4', true)).toMatchObject({ step: 4 });
  });

  it('signed in with propertyId=demo: the demo property restored to demo mode', () => {
    expect(route('/?propertyId=demo&step=2', true)).toMatchObject({ demo: true, signedIn: true, propertyId: null, step: 2 });
  });

  it('signed in without a property: a new one at step 1 (1.5 while entering details)', () => {
    expect(route('/add-property', true)).toMatchObject({ demo: false, propertyId: null, step: 1 });
    expect(route('/add-property?step=1.5', true)).toMatchObject({ step: 1.5 });
    expect(route('/add-property?step=2', true)).toMatchObject({ step: 1 });
    expect(route('/?fromLogin=true', true)).toMatchObject({ fromLogin: true, step: 1 });
    expect(route('/?address=3526%20High%20St', true)).toMatchObject({ address: '3526 High St', step: 1 });
  });

  it('gives every step a URL that reads back to it', () => {
    const cases = [
      { demo: true, signedIn: false, propertyId: null, step: 2 },
      { demo: true, signedIn: true, propertyId: null, step: 2 },
      { demo: false, signedIn: true, propertyId: 'p-1', step: 1.5 },
      { demo: false, signedIn: true, propertyId: null, step: 1 },
      { demo: false, signedIn: true, propertyId: null, step: 1.5 },
    ];
    for (const target of cases) {
      expect(route(wizardUrl(target), target.signedIn)).toMatchObject(target);
    }
    expect(wizardUrl(cases[0]!)).toBe('/?demo=true&step=2');
    expect(wizardUrl(cases[1]!)).toBe('/?propertyId=demo&step=2');
  });
});

describe('after sign-in', () => {
  const pending = { address: '3526 High St', city: 'Sacramento', state: 'CA' };
  const demo = { address: '51 Omaha Ct, Sacramento, CA 95823', city: 'Sacramento', state: 'CA' };

  it('auto-saves a demo property first', () => {
    expect(decidePostLogin({ fromLogin: true, demoProperty: demo, pendingAddress: pending })).toEqual({ kind: 'auto-save' });
  });

  it('otherwise follows the pending address to /?address=… and clears it', () => {
    expect(decidePostLogin({ fromLogin: true, demoProperty: null, pendingAddress: pending })).toEqual({
      kind: 'redirect',
      to: '/?address=3526%20High%20St%2C%20Sacramento%2C%20CA',
      clearPendingAddress: true,
    });
  });

  it('otherwise the saveProperty action leads to /save-property', () => {
    expect(decidePostLogin({ fromLogin: true, demoProperty: null, pendingAddress: null, action: 'saveProperty' })).toEqual({
      kind: 'redirect',
      to: '/save-property',
      clearPendingAddress: false,
    });
  });

  it("the saveProperty action leads to the demo property's address when there is one (spec section 4)", () => {
    expect(decidePostLogin({ fromLogin: true, demoProperty: demo, pendingAddress: pending, action: 'saveProperty' })).toEqual({
      kind: 'redirect',
      to: '/?address=51%20Omaha%20Ct%2C%20Sacramento%2C%20CA%2095823',
      clearPendingAddress: true,
    });
  });

  it('does nothing without fromLogin or anything pending', () => {
    expect(decidePostLogin({ fromLogin: false, demoProperty: demo, pendingAddress: pending })).toEqual({ kind: 'none' });
    expect(decidePostLogin({ fromLogin: true, demoProperty: null, pendingAddress: null })).toEqual({ kind: 'none' });
  });

  it('searches the pending address with its city and state unless it has them', () => {
    expect(pendingAddressText({ address: '3526 High St, Sacramento, CA 95838', city: 'Sacramento', state: 'CA' })).toBe('3526 High St, Sacramento, CA 95838');
    expect(pendingAddressText({ address: '3526 High St', city: 'Sacramento', state: 'CA' })).toBe('3526 High St, Sacramento, CA');
    expect(pendingAddressText({ address: '3526 High St', city: '', state: '' })).toBe('3526 High St');
  });
});

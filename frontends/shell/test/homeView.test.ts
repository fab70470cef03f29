import { describe, expect, it } from 'vitest';
import { decideHomeView, isDemoView, landingIsLikely } from '../src/routing/homeView';

const signedIn = { isLoading: false, isAuthenticated: true };
const anonymous = { isLoading: false, isAuthenticated: false };
const query = (text: string) => new URLSearchParams(text);

describe('decideHomeView (routing of /)', () => {
  it('waits for the current user', () => {
    expect(decideHomeView({ isLoading: true, isAuthenticated: false }, query('propertyId=demo'))).toBe('loading');
  });

  it.each(['propertyId=p1&step=2', 'fromLogin=true', 'address=1%20Main%20St', 'propertyId=demo'])(
    'signed in with %s: the wizard',
    (text) => {
      expect(decideHomeView(signedIn, query(text))).toBe('wizard');
    },
  );

  it.each(['', 'step=2', 'demo=true'])('signed in with "%s": the dashboard', (text) => {
    expect(decideHomeView(signedIn, query(text))).toBe('dashboard');
  });

  it.each(['demo=true', 'demo=', 'propertyId=demo', 'propertyId=demo&step=2'])('anonymous with %s: the demo wizard', (text) => {
    expect(decideHomeView(anonymous, query(text))).toBe('demo-wizard');
  });

  it.each(['', 'propertyId=p1', 'fromLogin=true', 'address=1%20Main%20St'])('anonymous with "%s": the landing page', (text) => {
    expect(decideHomeView(anonymous, query(text))).toBe('landing');
  });

  it('expects the landing page (and fetches it early) unless the query asks for the demo or an owner\'s wizard', () => {
    expect(landingIsLikely(query(''))).toBe(true);
    expect(landingIsLikely(query('address=1%20Main%20St'))).toBe(true);
    expect(landingIsLikely(query('demo=true'))).toBe(false);
    expect(landingIsLikely(query('propertyId=demo'))).toBe(false);
    expect(landingIsLikely(query('propertyId=p1&step=2'))).toBe(false);
    expect(landingIsLikely(query('step=1.5'))).toBe(false);
    expect(landingIsLikely(query('fromLogin=true'))).toBe(false);
  });

  it("is demo mode (the header's Sign In to Save) only for anonymous visitors of / with the demo flag", () => {
    expect(isDemoView(anonymous, '/', query('demo=true&step=2'))).toBe(true);
    expect(isDemoView(anonymous, '/', query('propertyId=demo'))).toBe(true);
    expect(isDemoView(anonymous, '/', query(''))).toBe(false);
    expect(isDemoView(anonymous, '/dashboard', query('demo=true'))).toBe(false);
    expect(isDemoView(signedIn, '/', query('propertyId=demo'))).toBe(false);
  });
});

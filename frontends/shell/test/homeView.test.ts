import { describe, expect, it } from 'vitest';
import { decideHomeView } from '../src/routing/homeView';

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
});

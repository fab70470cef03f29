/**
 * Steps are numbers (spec section 2): 1 address, 1.5 details and photos, 2 analysis, 3 recommendations,
 * 4 and above the recommendation selector and listing.
 */
export type WizardStep = number;

/** The `propertyId` that stands for the demo property of this browser session. */
export const demoPropertyParam = 'demo';

/** '1' -> 1, '1.5' -> 1.5, '4' -> 4; anything that is not a known step -> null. */
export function parseStep(value: string | null): WizardStep | null {
  if (value === null || !/^\d+(\.5)?$/.test(value.trim())) return null;
  const step = Number(value);
  return step === 1 || step === 1.5 || (Number.isInteger(step) && step >= 2 && step <= 20) ? step : null;
}

export interface WizardRouteInput {
  pathname: string;
  query: URLSearchParams;
  isAuthenticated: boolean;
}

/** What the wizard shows for a URL. */
export interface WizardView {
  kind: 'wizard';
  /** Demo mode: the property is the demo property held in session storage (anonymous, or restored after a failed auto-save). */
  demo: boolean;
  signedIn: boolean;
  /** A saved property to load (never the demo). */
  propertyId: string | null;
  step: WizardStep;
  /** Prefills the address box and starts the analysis. */
  address: string | null;
  /** Back from the login page: save the demo property, or follow the pending address. */
  fromLogin: boolean;
  /** A post-login action (e.g. saveProperty). */
  action: string | null;
}

export type WizardRoute = WizardView | { kind: 'redirect'; to: string };

/** Demo mode has the address (1) and the analysis (2); details, recommendations and listing need an account. */
const demoStep = (step: WizardStep) => (step <= 1 ? 1 : 2);

/**
 * The wizard's reading of its URL (spec section 2, query parameters address, propertyId, step, demo,
 * fromLogin). The shell decides whether `/` shows the wizard at all (homeView.ts); this decides what
 * the wizard shows:
 * - anonymous: demo mode, steps 1 and 2 (`/add-property` becomes `/?demo=true`);
 * - signed in with propertyId=demo: the demo property restored to demo mode;
 * - signed in with a propertyId: that saved property, step 2 unless step says otherwise;
 * - signed in without: a new property, step 1 (or 1.5 while its details are being entered).
 */
export function decideWizardRoute({ pathname, query, isAuthenticated }: WizardRouteInput): WizardRoute {
  const address = query.get('address')?.trim() || null;
  const propertyParam = query.get('propertyId')?.trim() || null;
  const requestedStep = parseStep(query.get('step'));
  const common = { signedIn: isAuthenticated, address, fromLogin: query.has('fromLogin'), action: query.get('action') };

  if (!isAuthenticated) {
    if (pathname.startsWith('/add-property')) {
      return { kind: 'redirect', to: address ? `/?demo=true&address=${encodeURIComponent(address)}` : '/?demo=true' };
    }
    const defaultStep = propertyParam === demoPropertyParam ? 2 : 1;
    return { kind: 'wizard', ...common, demo: true, propertyId: null, step: demoStep(requestedStep ?? defaultStep) };
  }
  if (propertyParam === demoPropertyParam) {
    return { kind: 'wizard', ...common, demo: true, propertyId: null, step: demoStep(requestedStep ?? 2) };
  }
  if (propertyParam) {
    return { kind: 'wizard', ...common, demo: false, propertyId: propertyParam, step: requestedStep ?? 2 };
  }
  const newStep = requestedStep === 1.5 ? 1.5 : 1;
  return { kind: 'wizard', ...common, demo: false, propertyId: null, step: newStep };
}

/** The URL of a wizard step, so every step can be reloaded and shared. */
export function wizardUrl(target: { demo: boolean; signedIn: boolean; propertyId: string | null; step: WizardStep }): string {
  const { step } = target;
  if (target.demo) return target.signedIn ? `/?propertyId=${demoPropertyParam}&step=${step}` : `/?demo=true&step=${step}`;
  if (target.propertyId) return `/?propertyId=${encodeURIComponent(target.propertyId)}&step=${step}`;
  return step === 1 ? '/add-property' : `/add-property?step=${step}`;
}

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AddressAutocomplete, appName, loginUrl, requestToast, storeDemoProperty, usePlacesSession } from '@hsa/ui-kit';
import { lookupAddress } from '../api/lookup';
import { announceDemoReady } from '../domain/arrival';
import { toasts } from '../domain/messages';
import { wizardUrl } from '../domain/wizardRoute';
import { CameraIcon, ChartIcon, DocumentIcon, SparkIcon } from '../components/icons';
import '../landing/landing.css';

const features: { title: string; text: string; icon: ReactNode }[] = [
  { title: 'Market Analysis', text: 'An estimated value with its likely range, built from recent comparable sales near your home.', icon: <ChartIcon size={22} /> },
  { title: 'AI Recommendations', text: 'The improvements worth making before you list, with their cost, value added and return.', icon: <SparkIcon size={22} /> },
  { title: 'Photo Analysis', text: 'Upload photos room by room and see your home the way buyers will.', icon: <CameraIcon size={22} /> },
  { title: 'Professional Listings', text: 'A polished listing description written from your home’s real details.', icon: <DocumentIcon size={22} /> },
];

const reasons: { title: string; text: string }[] = [
  { title: 'Real sales, not guesses', text: 'Every estimate comes from recorded sales near your home, and you see exactly which ones.' },
  { title: 'Free to start', text: 'Get your home’s analysis without an account. Sign in only when you want to keep it.' },
  { title: 'A plan, not just a number', text: 'Turn the estimate into improvements with their return, and a listing ready to publish.' },
  { title: 'Private by default', text: 'Your properties belong to your account alone. Archive or restore them at any time.' },
];

/** A real address of the embedded sales data, offered as an example. */
const sampleAddress = '3526 High St, Sacramento, CA 95838';

/** Warms up the wizard (and antd) while the visitor types, so the analysis opens without a wait. */
let wizardPrefetched = false;
function prefetchWizard(): void {
  if (wizardPrefetched) return;
  wizardPrefetched = true;
  void import('./WizardPage').catch(() => {
    wizardPrefetched = false;
  });
}

/**
 * The landing page (exposed as ./LandingPage): hero with the address autocomplete and the go button,
 * the four feature cards, why choose us, and the start-now call to action. Plain React, no antd: it is
 * the first page every visitor loads. A found address becomes the demo property and opens its analysis.
 */
export default function LandingPage() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [address, setAddress] = useState(() => query.get('address') ?? '');
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const session = usePlacesSession();

  useEffect(() => {
    document.title = appName;
  }, []);

  /** `sessionToken`: when the address comes from the address box, the session its lookup ends. */
  const analyze = async (text: string, placeId?: string, sessionToken?: string) => {
    const trimmed = text.trim();
    if (!trimmed) {
      requestToast('error', ...toasts.addressRequired);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const outcome = await lookupAddress({ address: trimmed, ...(placeId ? { placeId } : {}), ...(sessionToken ? { sessionToken } : {}) });
      if (outcome.kind === 'found') {
        // The estimate's comparables and the home's sale history are kept with it: the demo shows that run's evidence.
        storeDemoProperty({ ...outcome.property, dataSource: outcome.dataSource, ...outcome.evidence, estimateWithheld: outcome.estimateWithheld });
        // The page stays on screen (with "Analyzing…") until the analysis is ready, which then says so.
        navigate(wizardUrl({ demo: true, signedIn: false, propertyId: null, step: 2 }), announceDemoReady);
        return;
      }
      requestToast('error', ...toasts.landingNotFound);
    } catch {
      requestToast('error', ...toasts.landingFailed);
    }
    setBusy(false);
    inputRef.current?.focus();
  };

  // A link with ?address= starts the analysis of that address in demo mode.
  const started = useRef(false);
  useEffect(() => {
    const linked = query.get('address');
    if (linked && !started.current) {
      started.current = true;
      void analyze(linked);
    }
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void analyze(address, undefined, address.trim() ? session.end() : undefined);
  };

  return (
    <div className="lp">
      <section className="lp-hero" aria-labelledby="lp-hero-title">
        <div className="lp-container lp-hero__inner">
          <p className="lp-eyebrow">Free home value analysis</p>
          <h1 id="lp-hero-title" className="lp-hero__title">
            What is your home really worth?
          </h1>
          <p className="lp-hero__lead">
            Enter your address to see an estimated value, the recent sales behind it and a map. Then plan the improvements
            and the listing that sell it.
          </p>
          <form className="lp-search" role="search" aria-label="Analyze a property" onSubmit={submit} onFocus={prefetchWizard} noValidate>
            <div className="lp-search__field">
              <AddressAutocomplete
                label="Property address"
                hideLabel
                size="large"
                value={address}
                onChange={setAddress}
                onSelect={(prediction) => void analyze(prediction.description, prediction.place_id, session.end())}
                sessionToken={session.token}
                placeholder="Enter your property address"
                disabled={busy}
                inputRef={inputRef}
              />
            </div>
            <button type="submit" className="lp-button lp-button--primary lp-search__button" disabled={busy} aria-busy={busy}>
              {busy ? 'Analyzing…' : 'Get Free Analysis'}
            </button>
          </form>
          <p className="lp-hero__note">
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M6.5 11.2 3.3 8l-1 1 4.2 4.2 8-8-1-1z" fill="currentColor" />
            </svg>
            The AI analysis is free and needs no sign-up.
          </p>
          <p className="lp-hero__sample">
            Sample data covers Sacramento, California.{' '}
            <button type="button" className="lp-link" onClick={() => setAddress(sampleAddress)} disabled={busy}>
              Try {sampleAddress.split(',')[0]}
            </button>
          </p>
        </div>
      </section>

      <section className="lp-container lp-section" aria-labelledby="lp-features-title">
        <h2 id="lp-features-title" className="lp-section__title">
          Everything you need to sell with confidence
        </h2>
        <ul className="lp-features">
          {features.map((feature) => (
            <li key={feature.title} className="lp-card">
              <span className="lp-card__icon" aria-hidden="true">
                {feature.icon}
              </span>
              <h3 className="lp-card__title">{feature.title}</h3>
              <p className="lp-card__text">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="lp-why" aria-labelledby="lp-why-title">
        <div className="lp-container lp-section">
          <h2 id="lp-why-title" className="lp-section__title">
            Why home sellers choose {appName}
          </h2>
          <ul className="lp-why__grid">
            {reasons.map((reason, index) => (
              <li key={reason.title} className="lp-why__item">
                <span className="lp-why__number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className="lp-why__title">{reason.title}</h3>
                  <p className="lp-why__text">{reason.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="lp-container lp-section" aria-labelledby="lp-start-title">
        <div className="lp-start">
          <div>
            <h2 id="lp-start-title" className="lp-start__title">
              Start now
            </h2>
            <p className="lp-start__text">Sign in to save your properties, track their value and create your listing.</p>
          </div>
          <button type="button" className="lp-button lp-button--light" onClick={() => window.location.assign(loginUrl())}>
            Sign In to Get Started
          </button>
        </div>
      </section>
    </div>
  );
}

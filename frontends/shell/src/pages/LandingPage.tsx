import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { loginUrl } from '@hsa/ui-kit';
import { usePageTitle } from '../components/usePageTitle';
import { CameraIcon, ChartIcon, DocumentIcon, SparkIcon } from '../components/icons';

const features: { title: string; text: string; icon: ReactNode }[] = [
  { title: 'Market Analysis', text: 'An estimated value with a likely range, backed by recent comparable sales nearby.', icon: <ChartIcon /> },
  { title: 'AI Recommendations', text: 'Improvements worth making before you list, with cost, value added and return.', icon: <SparkIcon /> },
  { title: 'Photo Analysis', text: 'Upload photos room by room and see what buyers will notice first.', icon: <CameraIcon /> },
  { title: 'Professional Listings', text: 'A polished listing description written from your home’s real details.', icon: <DocumentIcon /> },
];

/** The landing page (plain React: no antd, so a first visit stays light). */
export function LandingPage() {
  usePageTitle(null);
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <p className="hero__eyebrow">For home sellers and homeowners</p>
          <h1 id="hero-title" className="hero__title">
            Know what your home is worth before you list it
          </h1>
          <p className="hero__lead">
            Get an estimated value, comparable sales and a map for any address, then turn it into a plan: smart
            improvements and a ready-to-publish listing.
          </p>
          <div className="hero__actions">
            <button type="button" className="btn btn--primary btn--large" onClick={() => window.location.assign(loginUrl())}>
              Get Started
            </button>
            <Link to="/?demo=true" className="btn btn--secondary btn--large">
              Try a Free Demo
            </Link>
          </div>
          <p className="hero__note">The AI analysis is free and needs no sign-up.</p>
        </div>
      </section>
      <section className="container features" aria-labelledby="features-title">
        <h2 id="features-title" className="visually-hidden">
          What you get
        </h2>
        <ul className="features__grid">
          {features.map((feature) => (
            <li key={feature.title} className="feature-card">
              <span className="feature-card__icon" aria-hidden="true">
                {feature.icon}
              </span>
              <h3 className="feature-card__title">{feature.title}</h3>
              <p className="feature-card__text">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

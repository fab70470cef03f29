import { useState, type FormEvent } from 'react';
import { Button, Card } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { validationMessages } from '@hsa/contracts';
import { AddressAutocomplete, usePlacesSession, useToast } from '@hsa/ui-kit';
import { isAcceptableAddress } from '../domain/addressRule';
import type { ShownComparableSale } from '@hsa/contracts';
import { toasts } from '../domain/messages';
import type { WizardProperty } from '../domain/wizardProperty';
import { ComparablesSection } from '../components/ComparablesSection';
import { PropertyFacts } from '../components/PropertyFacts';
import { StepHeader } from '../components/StepHeader';
import { ValueCard } from '../components/ValueCard';
import { usePageTitle } from '../components/usePageTitle';

export interface AddressStepProps {
  /** The address box's starting text (the URL's address, or the loaded property's). */
  initialAddress: string;
  /** A property already loaded: its estimate, facts, first 3 comparables and map are shown. */
  loaded: WizardProperty | null;
  comparables: UseQueryResult<ShownComparableSale[], Error>;
  demo: boolean;
  looking: boolean;
  /** `sessionToken`: the address box's autocomplete session, which the lookup ends. */
  onLookup: (address: string, placeId?: string, sessionToken?: string) => void;
  /** The way on with the loaded property ('View Analysis' / 'Continue to Details'). */
  onContinue?: { label: string; onClick: () => void } | undefined;
}

/** Step 1: 'Which property are you selling?' with the address autocomplete and 'Find My Property'. */
export function AddressStep({ initialAddress, loaded, comparables, demo, looking, onLookup, onContinue }: AddressStepProps) {
  usePageTitle('Find Your Property');
  const toast = useToast();
  const [address, setAddress] = useState(initialAddress);
  const [error, setError] = useState<string | null>(null);
  const session = usePlacesSession();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = address.trim();
    if (!text) {
      setError(validationMessages.addressRequired);
      return;
    }
    setError(null);
    if (!isAcceptableAddress(text)) {
      toast.error(...toasts.selectCompleteAddress);
      return;
    }
    onLookup(text, undefined, session.end());
  };

  return (
    <div className="wz-stack">
      <StepHeader
        eyebrow="Step 1 · Address"
        title="Which property are you selling?"
        subtitle="Start typing the address and choose it from the suggestions. We'll find its details, recent sales nearby and an estimated value."
      />
      <Card className="wz-address-card">
        <form className="wz-address-form" onSubmit={submit} noValidate aria-label="Find your property">
          <AddressAutocomplete
            label="Property address"
            size="large"
            value={address}
            onChange={(text) => {
              setAddress(text);
              if (error && text.trim()) setError(null);
            }}
            onSelect={(prediction) => {
              setError(null);
              onLookup(prediction.description, prediction.place_id, session.end());
            }}
            sessionToken={session.token}
            placeholder="e.g. 3526 High St, Sacramento, CA"
            hint="The sample sales data covers Sacramento, California."
            error={error}
            disabled={looking}
            autoFocus={!loaded}
          />
          <Button type="primary" size="large" htmlType="submit" loading={looking} className="wz-address-form__button">
            Find My Property
          </Button>
        </form>
      </Card>

      {loaded ? (
        <section className="wz-stack" aria-labelledby="wz-loaded-title">
          <div className="wz-section-head">
            <div>
              <h2 id="wz-loaded-title" className="wz-section-title">
                {loaded.address}
              </h2>
              <p className="wz-muted">The home we found for this address.</p>
            </div>
            {onContinue ? (
              <Button type="primary" size="large" onClick={onContinue.onClick}>
                {onContinue.label}
              </Button>
            ) : null}
          </div>
          <div className="wz-grid wz-grid--summary">
            <ValueCard property={loaded} dataSource={loaded.dataSource} locked={demo} size="compact" />
            <Card title={<h2 className="wz-card-title">Property facts</h2>}>
              <PropertyFacts property={loaded} variant="summary" />
            </Card>
          </div>
          <ComparablesSection property={loaded} comparables={comparables} variant="summary" locked={demo} />
        </section>
      ) : null}
    </div>
  );
}

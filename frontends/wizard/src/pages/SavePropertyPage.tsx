import { useEffect, useState } from 'react';
import { Button, Card, Result, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import type { Property } from '@hsa/contracts';
import { cityStateZip, clearDemoState, formatCurrency, loginUrl, readDemoProperty, streetPart, useAuth, useToast } from '@hsa/ui-kit';
import { handleUnauthorized } from '../api/session';
import { errorReason, saveFailedWithReason, toasts } from '../domain/messages';
import { fromDemoProperty, UnknownFactsError } from '../domain/wizardProperty';
import { PropertyFacts } from '../components/PropertyFacts';
import { HomeIcon, LockIcon } from '../components/icons';
import { usePageTitle } from '../components/usePageTitle';
import { askForUnknownFacts, MissingDemoDataError, useDemoSave } from '../wizard/useDemoSave';
import '../wizard.css';

/** The redirect to the saved property waits this long after 'Property Saved!' (spec section 9). */
export const savedRedirectMs = 2000;

/**
 * `/save-property` (exposed as ./SavePropertyPage): saves the demo property of this browser session to the
 * account. Its four states: not signed in (Sign In), no stored property ('No Property Found'), the
 * summary with Save to My Properties and Cancel, and 'Property Saved!' before the redirect after 2 s.
 */
export default function SavePropertyPage() {
  usePageTitle('Save Property');
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) {
    return (
      <div className="wz-page wz-page--narrow">
        <Card aria-busy="true" aria-label="Loading">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      </div>
    );
  }
  return <div className="wz-page wz-page--narrow">{isAuthenticated ? <SaveDemoProperty /> : <SignInToSave />}</div>;
}

function SignInToSave() {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        icon={
          <span className="wz-result-icon" aria-hidden="true">
            <LockIcon size={28} />
          </span>
        }
        title={<h1 className="wz-result-title">Sign in to save your property</h1>}
        subTitle="Save the property you analyzed to your account to keep its analysis and unlock recommendations and a listing."
        extra={[
          <Button key="sign-in" type="primary" size="large" onClick={() => window.location.assign(loginUrl('/save-property'))}>
            Sign In
          </Button>,
          <Button key="home" size="large" onClick={() => navigate('/')}>
            Back to Home
          </Button>,
        ]}
      />
    </Card>
  );
}

function SaveDemoProperty() {
  const navigate = useNavigate();
  const toast = useToast();
  const [entry] = useState(() => readDemoProperty());
  const [saved, setSaved] = useState<Property | null>(null);
  const demoSave = useDemoSave();

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(`/?propertyId=${encodeURIComponent(saved.id)}`), savedRedirectMs);
    return () => clearTimeout(timer);
  }, [saved]);

  if (saved) {
    return (
      <Card>
        <Result
          status="success"
          title={<h1 className="wz-result-title">Property Saved!</h1>}
          subTitle={`${streetPart(saved.address)} is now in your account. Taking you to its analysis…`}
          extra={
            <Button type="primary" size="large" onClick={() => navigate(`/?propertyId=${encodeURIComponent(saved.id)}`)}>
              View Analysis
            </Button>
          }
        />
      </Card>
    );
  }

  if (!entry) {
    return (
      <Card>
        <Result
          icon={
            <span className="wz-result-icon" aria-hidden="true">
              <HomeIcon size={28} />
            </span>
          }
          title={<h1 className="wz-result-title">No Property Found</h1>}
          subTitle="There is no analyzed property in this browser session to save. Search for your property to analyze it first."
          extra={
            <Button type="primary" size="large" onClick={() => navigate('/add-property')}>
              Search for Property
            </Button>
          }
        />
      </Card>
    );
  }

  const property = fromDemoProperty(entry.property);
  const save = () =>
    demoSave.save(entry).then(
      (created) => {
        toast.success(...toasts.propertySaved);
        setSaved(created);
      },
      (error: unknown) => {
        if (error instanceof MissingDemoDataError) toast.error(...toasts.noPropertyData);
        else if (error instanceof UnknownFactsError) {
          const ask = askForUnknownFacts(entry, error);
          toast.info(...ask.toast);
          navigate(ask.to);
        } else if (!handleUnauthorized(error, toast)) toast.error(...saveFailedWithReason(errorReason(error)));
      },
    );

  // Cancel: the visitor does not want this property kept, so the demo property (and its pending address) go.
  const cancel = () => {
    clearDemoState();
    navigate('/');
  };

  return (
    <Card className="wz-save-card">
      <p className="wz-eyebrow">Save to your account</p>
      <h1 className="wz-title">{streetPart(property.address)}</h1>
      <p className="wz-muted">{cityStateZip(property)}</p>
      {property.estimatedValue !== null ? (
        <div className="wz-save-card__value">
          <span className="wz-muted">Estimated value</span>
          <strong>{formatCurrency(property.estimatedValue)}</strong>
        </div>
      ) : null}
      <PropertyFacts property={property} variant="summary" />
      {property.dataSource ? <p className="wz-source">{property.dataSource}</p> : null}
      <div className="wz-actions">
        <Button type="primary" size="large" loading={demoSave.isPending} onClick={() => void save()}>
          Save to My Properties
        </Button>
        <Button size="large" disabled={demoSave.isPending} onClick={cancel}>
          Cancel
        </Button>
      </div>
    </Card>
  );
}

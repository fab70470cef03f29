import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Button, Card } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CreatePropertyInput } from '@hsa/contracts';
import { clearPendingAddress, readPendingAddress, signInToSave, useToast } from '@hsa/ui-kit';
import { isSavedProperty, useComparables } from '../api/comparables';
import { useDraft, draftStore } from '../api/draftStore';
import { useAddressLookup } from '../api/lookup';
import { useRefreshValuation, useSavedProperty, useCreateProperty, useUpdateProperty } from '../api/properties';
import { handleUnauthorized, refreshAccountData } from '../api/session';
import { announceDemoReady } from '../domain/arrival';
import { savedToast, toasts } from '../domain/messages';
import { decidePostLogin, type PostLoginAction } from '../domain/postLogin';
import { estimateIsStale, fromDemoProperty, UnknownFactsError, fromLookup, fromSavedProperty, isManualDraft, toCreateBody, toUpdateBody, type WizardProperty } from '../domain/wizardProperty';
import { wizardUrl, type WizardStep, type WizardView } from '../domain/wizardRoute';
import type { UnlockAction } from '../components/Locked';
import { DemoBanner } from '../components/DemoBanner';
import { QuickNav, type QuickNavItem } from '../components/QuickNav';
import { StepSkeleton } from '../components/StepSkeleton';
import { usePageTitle } from '../components/usePageTitle';
import { AnalysisStep } from '../steps/AnalysisStep';
import { ListingStepSlot } from '../steps/ListingStepSlot';
import { RecommendationsStepSlot } from '../steps/RecommendationsStepSlot';
import { AutoSaveScreen } from './AutoSaveScreen';
import { askForUnknownFacts, MissingDemoDataError, useDemoSave } from './useDemoSave';
import { useArrivalToast } from './useArrivalToast';
import { manualDraftFor } from './manualEntry';
import { useDemoSession } from './useDemoSession';

// The address and details steps load when they open: the details form (antd Form, Select, Input and the form's
// rules, zod) is not needed to show a property's analysis, the page most visits open.
const AddressStep = lazy(() => import('../steps/AddressStep').then(({ AddressStep }) => ({ default: AddressStep })));
const DetailsStep = lazy(() => import('../steps/DetailsStep').then(({ DetailsStep }) => ({ default: DetailsStep })));

function PropertyLoadError() {
  usePageTitle('Failed to load property');
  const navigate = useNavigate();
  return (
    <Card className="wz-error-card">
      <div className="wz-placeholder" role="alert">
        <h1 className="wz-title">Failed to load property</h1>
        <p className="wz-muted">It may have been removed, or it belongs to another account.</p>
        <Button type="primary" onClick={() => navigate('/')}>
          Go Home
        </Button>
      </div>
    </Card>
  );
}

/**
 * The analysis wizard for one URL (see decideWizardRoute): picks the property (saved, demo or draft),
 * runs the lookups and saves with the spec's transitions and toasts, and renders the step.
 */
export function Wizard({ view }: { view: WizardView }) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const demoSession = useDemoSession();
  const draft = useDraft();
  const saved = useSavedProperty(view.propertyId);
  const lookup = useAddressLookup();
  const create = useCreateProperty();
  const update = useUpdateProperty(view.propertyId ?? '');
  const refresh = useRefreshValuation(view.propertyId ?? '');
  const demoSave = useDemoSave();
  useArrivalToast();
  const [postLogin] = useState<PostLoginAction>(() =>
    view.signedIn
      ? decidePostLogin({
          fromLogin: view.fromLogin,
          demoProperty: demoSession.entry?.property ?? null,
          pendingAddress: readPendingAddress(),
          action: view.action,
        })
      : { kind: 'none' },
  );

  const property: WizardProperty | null = view.demo
    ? demoSession.entry
      ? fromDemoProperty(demoSession.entry.property)
      : null
    : view.propertyId
      ? saved.data
        ? fromSavedProperty(saved.data)
        : null
      : draft;
  const comparables = useComparables(property);

  const goToStep = (step: WizardStep) =>
    navigate(wizardUrl({ demo: view.demo, signedIn: view.signedIn, propertyId: view.demo ? null : view.propertyId, step }));

  // After sign-in: the current user and the property lists are fetched again; a pending address is followed.
  // A saved property replaces any unsaved draft.
  useEffect(() => {
    if (view.propertyId) draftStore.set(null);
    if (view.signedIn && view.fromLogin) void refreshAccountData(queryClient);
    if (postLogin.kind === 'redirect') {
      if (postLogin.clearPendingAddress) clearPendingAddress();
      navigate(postLogin.to, { replace: true });
    }
  }, []);

  const runLookup = async (address: string, placeId?: string, sessionToken?: string) => {
    let outcome;
    try {
      outcome = await lookup.mutateAsync({ address, ...(placeId ? { placeId } : {}), ...(sessionToken ? { sessionToken } : {}) });
    } catch {
      if (view.signedIn) {
        draftStore.set(await manualDraftFor(address));
        toast.error(...toasts.lookupFailed);
        navigate(wizardUrl({ demo: false, signedIn: true, propertyId: null, step: 1.5 }));
      } else {
        toast.error(...toasts.landingFailed);
      }
      return;
    }
    if (outcome.kind === 'found') {
      if (view.signedIn) {
        draftStore.set(fromLookup(outcome.property, outcome.dataSource, outcome.evidence));
        toast.success(...toasts.propertyFound);
        navigate(wizardUrl({ demo: false, signedIn: true, propertyId: null, step: 1.5 }));
      } else {
        demoSession.store(outcome.property, outcome.dataSource, outcome.evidence, outcome.estimateWithheld);
        navigate(wizardUrl({ demo: true, signedIn: false, propertyId: null, step: 2 }), announceDemoReady);
      }
    } else if (view.signedIn) {
      draftStore.set(await manualDraftFor(address));
      toast.info(...toasts.propertyDetailsNeeded);
      navigate(wizardUrl({ demo: false, signedIn: true, propertyId: null, step: 1.5 }));
    } else {
      toast.error(...toasts.propertyDataUnavailable);
    }
  };

  // An address in the URL (a shared link, or the redirect after sign-in) starts the analysis at once.
  const autoLookup = useRef(false);
  useEffect(() => {
    if (!view.address || view.step !== 1 || autoLookup.current || postLogin.kind !== 'none') return;
    autoLookup.current = true;
    void runLookup(view.address);
  }, []);

  const saveNow = () =>
    demoSave.save(demoSession.entry).then(
      (saved) => {
        toast.success(...toasts.propertySavedSuccessfully);
        navigate(`/?propertyId=${encodeURIComponent(saved.id)}&step=2`, { replace: true });
      },
      (error: unknown) => {
        if (error instanceof MissingDemoDataError) toast.error(...toasts.noPropertyData);
        else if (error instanceof UnknownFactsError && demoSession.entry) {
          const ask = askForUnknownFacts(demoSession.entry, error);
          toast.info(...ask.toast);
          navigate(ask.to);
        } else if (!handleUnauthorized(error, toast)) toast.error(...toasts.saveFailed);
      },
    );

  const unlock: UnlockAction | undefined = !view.demo
    ? undefined
    : view.signedIn
      ? { label: 'Save Now', onClick: () => void saveNow(), loading: demoSave.isPending }
      : { label: 'Sign In to Save', onClick: () => signInToSave() };

  const submitDetails = (body: CreatePropertyInput) => {
    if (view.propertyId && property) {
      update.mutate(toUpdateBody(body), {
        onSuccess: () => {
          toast.success(...toasts.propertyUpdated);
          goToStep(2);
        },
        onError: (error) => {
          if (!handleUnauthorized(error, toast)) toast.error(...toasts.updateFailed);
        },
      });
      return;
    }
    if (!property) return;
    // A demo property whose estimate the demo never received (estimateWithheld) is valued once its facts are saved.
    create.mutate({ body: toCreateBody(property, body), revalue: estimateIsStale(property, body) || property.estimateWithheld }, {
      onSuccess: (created) => {
        // The demo property completed here (its facts were asked for) is saved now: demo mode is over.
        if (demoSession.entry && demoSession.entry.property.address === property.address) demoSession.clear();
        // The draft is dropped once the saved property opens (below), not here: this page would fall back to step 1.
        toast.success(...savedToast(created));
        navigate(`/?propertyId=${encodeURIComponent(created.id)}&step=2`);
      },
      onError: (error) => {
        if (!handleUnauthorized(error, toast)) toast.error(...toasts.analyzeFailed);
      },
    });
  };

  const refreshValuation = () =>
    refresh.mutate(undefined, {
      onSuccess: () => toast.success(...toasts.valuationUpdated),
      onError: (error) => {
        if (!handleUnauthorized(error, toast)) toast.error(...toasts.refreshFailed);
      },
    });

  if (postLogin.kind === 'auto-save' && demoSession.entry && view.fromLogin) return <AutoSaveScreen entry={demoSession.entry} />;
  if (postLogin.kind === 'redirect') return <StepSkeleton label="Loading the property" />;
  if (view.propertyId && saved.isError) return <PropertyLoadError />;
  if (view.propertyId && saved.isPending) return <StepSkeleton label="Loading the property" />;

  const quickNav = (current: QuickNavItem | null) =>
    property && (view.demo || isSavedProperty(property)) ? (
      <QuickNav
        current={current}
        demo={view.demo}
        links={{
          analysis: wizardUrl({ demo: view.demo, signedIn: view.signedIn, propertyId: view.propertyId, step: 2 }),
          recommendations: wizardUrl({ demo: view.demo, signedIn: view.signedIn, propertyId: view.propertyId, step: 3 }),
          listing: wizardUrl({ demo: view.demo, signedIn: view.signedIn, propertyId: view.propertyId, step: 4 }),
          details: wizardUrl({ demo: view.demo, signedIn: view.signedIn, propertyId: view.propertyId, step: 1.5 }),
        }}
      />
    ) : null;
  const banner = view.demo && property && unlock ? <DemoBanner signedIn={view.signedIn} action={unlock} /> : null;

  if (view.step === 1) {
    const onContinue = !property
      ? undefined
      : view.demo
        ? { label: 'View Analysis', onClick: () => goToStep(2) }
        : view.propertyId
          ? { label: 'View Analysis', onClick: () => goToStep(2) }
          : { label: 'Continue to Details', onClick: () => goToStep(1.5) };
    return (
      <>
        {quickNav(null)}
        <Suspense fallback={<StepSkeleton />}>
          <AddressStep
            initialAddress={view.address ?? property?.address ?? ''}
            loaded={property}
            comparables={comparables}
            demo={view.demo}
            looking={lookup.isPending}
            onLookup={(address, placeId, sessionToken) => void runLookup(address, placeId, sessionToken)}
            onContinue={onContinue}
          />
        </Suspense>
      </>
    );
  }

  if (!property) return <Navigate replace to={wizardUrl({ demo: view.demo, signedIn: view.signedIn, propertyId: null, step: 1 })} />;

  if (view.step === 1.5) {
    return (
      <>
        {quickNav('details')}
        <Suspense fallback={<StepSkeleton />}>
          <DetailsStep
            property={property}
            isNew={!view.propertyId}
            manual={!view.propertyId && isManualDraft(property)}
            saving={create.isPending || update.isPending}
            onSubmit={submitDetails}
            onBack={() => goToStep(1)}
          />
        </Suspense>
      </>
    );
  }

  if (view.step >= 3 && property.id && !view.demo) {
    const savedProperty = { ...property, id: property.id };
    return (
      <>
        {quickNav(view.step === 3 ? 'recommendations' : 'listing')}
        {view.step === 3 ? (
          <RecommendationsStepSlot property={savedProperty} goToStep={goToStep} />
        ) : (
          <ListingStepSlot property={savedProperty} step={view.step} goToStep={goToStep} />
        )}
      </>
    );
  }

  return (
    <>
      {quickNav('analysis')}
      <AnalysisStep
        notice={banner}
        property={property}
        comparables={comparables}
        demo={view.demo}
        unlock={unlock}
        refresh={isSavedProperty(property) ? { onClick: refreshValuation, loading: refresh.isPending } : undefined}
        onEditDetails={() => goToStep(1.5)}
        goToStep={goToStep}
      />
    </>
  );
}

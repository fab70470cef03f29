import { useEffect, useRef } from 'react';
import { Card, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useToast, type StoredDemoProperty } from '@hsa/ui-kit';
import { handleUnauthorized } from '../api/session';
import { toasts } from '../domain/messages';
import { autoSaveDelayMs } from '../domain/postLogin';
import { demoPropertyParam } from '../domain/wizardRoute';
import { usePageTitle } from '../components/usePageTitle';
import { UnknownFactsError } from '../domain/wizardProperty';
import { askForUnknownFacts, useDemoSave } from './useDemoSave';

/**
 * Right after sign-in from demo mode: saves the demo property to the account after 500 ms, clears demo
 * state and shows the saved property (URL propertyId + step). If the save fails the property goes back
 * to demo mode with 'Auto-save Failed…' and a Save Now button.
 */
export function AutoSaveScreen({ entry }: { entry: StoredDemoProperty }) {
  usePageTitle('Saving Your Property');
  const navigate = useNavigate();
  const toast = useToast();
  const { save } = useDemoSave();
  const started = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (started.current) return;
      started.current = true;
      save(entry).then(
        (property) => {
          toast.success(...toasts.propertySavedSuccessfully);
          navigate(`/?propertyId=${encodeURIComponent(property.id)}&step=2`, { replace: true });
        },
        (error: unknown) => {
          if (handleUnauthorized(error, toast)) return;
          if (error instanceof UnknownFactsError) {
            // Nothing failed: the owner is asked for the facts the data does not give, rather than saving made-up ones.
            const ask = askForUnknownFacts(entry, error);
            toast.info(...ask.toast);
            navigate(ask.to, { replace: true });
            return;
          }
          toast.error(...toasts.autoSaveFailed);
          navigate(`/?propertyId=${demoPropertyParam}&step=2`, { replace: true });
        },
      );
    }, autoSaveDelayMs);
    return () => clearTimeout(timer);
    // Runs once for the entry it was given.
  }, [entry.storedAt]);

  return (
    <Card className="wz-autosave">
      <div className="wz-autosave__body" role="status" aria-live="polite">
        <Spin size="large" />
        <h1 className="wz-title">Saving your property…</h1>
        <p className="wz-muted">{entry.property.address} is being added to your account.</p>
      </div>
    </Card>
  );
}

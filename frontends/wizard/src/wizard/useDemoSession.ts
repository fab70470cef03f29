import { useCallback, useState } from 'react';
import type { LookupEvidence, LookupProperty } from '@hsa/contracts';
import { clearDemoState, readDemoProperty, storeDemoProperty, type StoredDemoProperty } from '@hsa/ui-kit';

/** The demo property of this browser session (session storage), read once and kept in step with writes. */
export function useDemoSession() {
  const [entry, setEntry] = useState<StoredDemoProperty | null>(() => readDemoProperty());
  const store = useCallback((property: LookupProperty, dataSource: string | null, evidence: LookupEvidence, estimateWithheld: boolean) => {
    const stored = storeDemoProperty({ ...property, dataSource, ...evidence, estimateWithheld });
    setEntry(stored);
    return stored;
  }, []);
  const clear = useCallback(() => {
    clearDemoState();
    setEntry(null);
  }, []);
  return { entry, store, clear };
}

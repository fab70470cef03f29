import { useEffect } from 'react';
import { appName } from '@hsa/ui-kit';

/** Sets the document title: "Property Analysis · Home Seller Analyzer" (the app name alone for null). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title]);
}

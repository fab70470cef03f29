import { useEffect } from 'react';
import { appName } from '@hsa/ui-kit';

/** Sets the document title for the current page: "My Properties · Home Seller Analyzer". */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title]);
}

import type { RecordedSale } from '@hsa/contracts';
import { isSavedProperty } from './comparables';
import { useValueHistory } from './valueHistory';
import type { WizardProperty } from '../domain/wizardProperty';

export type SaleHistoryState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; sales: RecordedSale[] };

/**
 * The home's own recorded sales, each at today's price level: from the lookup's valuation for the demo and drafts,
 * from the value history (which the analysis loads anyway) for a saved property with an estimate.
 */
export function useSaleHistory(property: WizardProperty, demo: boolean): SaleHistoryState {
  const saved = isSavedProperty(property) && property.estimatedValue !== null && !demo;
  const history = useValueHistory(saved ? property.id : null);
  if (property.evidence) return { status: 'ready', sales: property.evidence.saleHistory };
  if (!saved) return { status: 'ready', sales: [] };
  if (history.isLoading) return { status: 'loading' };
  if (history.isError || !history.data) return { status: 'error', retry: () => void history.refetch() };
  return { status: 'ready', sales: history.data.found ? history.data.sales : [] };
}

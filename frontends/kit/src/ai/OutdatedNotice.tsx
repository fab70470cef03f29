import { Alert, Button } from 'antd';
import { formatCurrency } from '../format/format';

/**
 * Was this text written for another estimate than the home's current one (after Refresh Valuation)? Unknown
 * (`undefined`: written before the API said) counts as current.
 */
export function writtenForAnotherEstimate(basedOnEstimate: number | null | undefined, estimatedValue: number | null): boolean {
  return basedOnEstimate !== undefined && basedOnEstimate !== estimatedValue;
}

const words = {
  recommendations: { title: 'These recommendations', they: 'They were', their: 'their figures and wording', them: 'them' },
  listing: { title: 'This listing', they: 'It was', their: 'its wording', them: 'it' },
} as const;

export interface OutdatedNoticeProps {
  what: keyof typeof words;
  basedOnEstimate: number | null;
  estimatedValue: number | null;
  onRegenerate: () => void;
  regenerating?: boolean;
}

/**
 * Says that generated text was written for an estimate the home no longer has, which one and the current one, and
 * offers to write it again: text shown must agree with the figures shown next to it.
 */
export function OutdatedNotice({ what, basedOnEstimate, estimatedValue, onRegenerate, regenerating = false }: OutdatedNoticeProps) {
  const w = words[what];
  const then = basedOnEstimate === null ? 'before this home had an estimate' : `for an estimate of ${formatCurrency(basedOnEstimate)}`;
  const now = estimatedValue === null ? 'The home has no estimate now' : `The home's estimate is now ${formatCurrency(estimatedValue)}`;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="outdated-notice"
      title={`${w.title} may be out of date`}
      description={`${w.they} written ${then}. ${now}, so ${w.their} may not match it: regenerate ${w.them} to update.`}
      action={
        <Button onClick={onRegenerate} loading={regenerating}>
          Regenerate
        </Button>
      }
    />
  );
}

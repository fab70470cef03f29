import { inSpan, kitMetrics, secondsSince } from '@hsa/service-kit';
import type { Outcome, ValueEstimate } from '../domain/results';

/**
 * One AVM estimate as an SRE sees it: a span `avm.estimate` (the lookups and provider calls it makes are its
 * children) and hsa.avm.estimate.duration, both with hsa.outcome: ok, not_found (no estimate for this home) or error.
 * The span also says how many comparables the estimate used and its confidence, when it has one.
 */
export function tracedEstimate(estimate: () => Promise<Outcome<ValueEstimate>>): Promise<Outcome<ValueEstimate>> {
  return inSpan('avm.estimate', {}, async (span) => {
    const start = process.hrtime.bigint();
    let outcome = 'error';
    try {
      const result = await estimate();
      outcome = result.found ? 'ok' : 'not_found';
      if (result.found) {
        span.setAttribute('hsa.avm.comparables', result.value.comparables.length);
        if (result.value.confidence !== null) span.setAttribute('hsa.avm.confidence', result.value.confidence);
      }
      return result;
    } finally {
      span.setAttribute('hsa.outcome', outcome);
      kitMetrics().avmDuration.record(secondsSince(start), { 'hsa.outcome': outcome });
    }
  });
}

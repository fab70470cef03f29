import type { ObservableResult } from '@opentelemetry/api';
import { kitMetrics } from '../metrics';
import { evaluateReadiness, type ReadinessChecks, type ReadinessReport } from './health';

/**
 * Publishes what /readyz would answer, evaluated with the same checks at each metric collection: hsa.readiness (1
 * while ready or degraded, 0 while a required dependency fails) and hsa.readiness.check (1 or 0 per dependency, with
 * hsa.check.name and hsa.check.required). A running but unready process is then seen, and which dependency holds
 * it. Returns the function that stops it.
 */
export function observeReadiness(checks: ReadinessChecks): () => void {
  // Both gauges are read in one collection: one evaluation serves them.
  let evaluation: Promise<ReadinessReport> | undefined;
  const evaluateOnce = () =>
    (evaluation ??= evaluateReadiness(checks).finally(() => setTimeout(() => (evaluation = undefined), 1000).unref()));

  const observeReady = async (result: ObservableResult) => {
    result.observe((await evaluateOnce()).status === 'not ready' ? 0 : 1);
  };
  const observeChecks = async (result: ObservableResult) => {
    const report = await evaluateOnce();
    for (const [name, ok] of Object.entries(report.checks)) {
      result.observe(ok ? 1 : 0, { 'hsa.check.name': name, 'hsa.check.required': !report.optional.includes(name) });
    }
  };
  const { readiness, readinessCheck } = kitMetrics();
  readiness.addCallback(observeReady);
  readinessCheck.addCallback(observeChecks);
  return () => {
    readiness.removeCallback(observeReady);
    readinessCheck.removeCallback(observeChecks);
  };
}

import { trace } from '@opentelemetry/api';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateReadiness, observeReadiness, optionalCheck } from '../src';
import { captureTelemetry } from '../src/testing';

const telemetry = captureTelemetry();

describe('readiness as metrics (hsa.readiness, hsa.readiness.check)', () => {
  const state = { database: true, liveEvents: true, slow: false };
  const stop = observeReadiness({
    database: () => state.database,
    liveEvents: optionalCheck(() => state.liveEvents),
    // A check that throws counts as failing, as in /readyz.
    slow: optionalCheck(() => {
      if (state.slow) throw new Error('boom');
      return true;
    }),
  });
  afterAll(() => stop());

  async function read() {
    const points = await telemetry.points();
    const ready = points.find((p) => p.name === 'hsa.readiness')?.value;
    const checks = Object.fromEntries(
      points.filter((p) => p.name === 'hsa.readiness.check').map((p) => [String(p.attributes['hsa.check.name']), [p.value, p.attributes['hsa.check.required']]]),
    );
    return { ready, checks };
  }

  it('says 1 while ready or degraded and 0 while a required dependency fails, and which one, from the checks /readyz runs', async () => {
    expect(await read()).toEqual({ ready: 1, checks: { database: [1, true], liveEvents: [1, false], slow: [1, false] } });

    state.liveEvents = false;
    state.slow = true;
    await new Promise((r) => setTimeout(r, 1100)); // one evaluation serves a collection; the next one re-evaluates
    expect(await read(), 'degraded is still ready').toEqual({ ready: 1, checks: { database: [1, true], liveEvents: [0, false], slow: [0, false] } });

    state.database = false;
    await new Promise((r) => setTimeout(r, 1100));
    expect((await read()).ready).toBe(0);
    expect((await read()).checks.database).toEqual([0, true]);

    state.database = true;
    await new Promise((r) => setTimeout(r, 1100));
    expect((await read()).ready).toBe(1);
  });
});

describe('readiness probes', () => {
  it('make no spans: a check every few seconds would otherwise be a trace each time', async () => {
    const probe = async () => {
      await trace.getTracer('probe').startActiveSpan('probe', async (span) => {
        await new Promise((r) => setTimeout(r, 5));
        trace.getTracer('probe').startSpan('probe child').end();
        span.end();
      });
      return true;
    };
    expect((await evaluateReadiness({ probe })).status).toBe('ready');
    expect(telemetry.spans().filter((s) => s.name.startsWith('probe'))).toEqual([]);
    await probe();
    expect(telemetry.spans().map((s) => s.name).filter((n) => n.startsWith('probe')), 'the same work outside a check is traced').toEqual(['probe child', 'probe']);
  });
});

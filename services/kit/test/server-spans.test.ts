import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, httpServerSpans } from '../src';
import { captureTelemetry } from '../src/testing';
import { standInClient, useStandIn } from './support/property-stand-in';

/**
 * The spans the kit makes itself instead of OpenTelemetry's HTTP and gRPC instrumentations: an HTTP server span per
 * request (named after its route, a child of the caller's traceparent) with its duration point, and a client and a
 * server span per gRPC call, the server's a child of the client's across a real connection.
 */
const telemetry = captureTelemetry();
const traceId = '0af7651916cd43dd8448eb211c80319c';
const callerSpanId = 'b7ad6b7169203331';

describe('HTTP server spans', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(httpServerSpans());
    app.get('/healthz', (_req, res) => void res.send('ok'));
    app.get('/items/:id', (req, res) => void res.status(req.params.id === 'boom' ? 500 : 200).json({ id: req.params.id }));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => telemetry.resetSpans());

  /** The spans ended once the request's response closed on the server. */
  async function spansOf(path: string, headers: Record<string, string> = {}) {
    const before = telemetry.spans().length;
    const res = await fetch(`${base}${path}`, { headers });
    await res.text();
    await expect.poll(() => telemetry.spans().length).toBeGreaterThan(before);
    return telemetry.spans().slice(before);
  }

  it('names the span after the route template, as a child of the caller’s traceparent, with the response status', async () => {
    const [span] = await spansOf('/items/42?x=1', { traceparent: `00-${traceId}-${callerSpanId}-01` });
    expect(span!.name).toBe('GET /items/:id');
    expect(span!.kind).toBe(SpanKind.SERVER);
    expect(span!.spanContext().traceId).toBe(traceId);
    expect(span!.parentSpanContext?.spanId).toBe(callerSpanId);
    expect(span!.attributes).toMatchObject({ 'http.request.method': 'GET', 'http.route': '/items/:id', 'url.path': '/items/42', 'http.response.status_code': 200 });
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks a 5xx failed, names an unmatched path by its method only, and leaves probes alone', async () => {
    const [failed] = await spansOf('/items/boom');
    expect(failed!.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed!.attributes['error.type']).toBe('500');
    const [unmatched] = await spansOf('/nowhere/1234');
    expect(unmatched!.name).toBe('GET');
    expect(unmatched!.attributes).not.toHaveProperty('http.route');
    expect(unmatched!.attributes['http.response.status_code']).toBe(404);
    await (await fetch(`${base}/healthz`)).text();
    await spansOf('/items/after-probe');
    expect(telemetry.spans().map((s) => s.attributes['url.path'])).not.toContain('/healthz');
  });

  it('records http.server.request.duration per route template and status, never per raw URL', async () => {
    for (const path of ['/items/7', '/items/boom', '/nowhere/1234']) await spansOf(path);
    const points = (await telemetry.points()).filter((p) => p.name === 'http.server.request.duration');
    expect(points.map((p) => p.attributes)).toEqual(
      expect.arrayContaining([
        { 'http.request.method': 'GET', 'http.route': '/items/:id', 'http.response.status_code': 200 },
        { 'http.request.method': 'GET', 'http.route': '/items/:id', 'http.response.status_code': 500 },
        { 'http.request.method': 'GET', 'http.response.status_code': 404 },
      ]),
    );
    expect(points.some((p) => JSON.stringify(p.attributes).includes('/items/7'))).toBe(false);
  });
});

describe('gRPC call spans', () => {
  const standIn = useStandIn();

  it('makes a client span and, across the connection, its child server span, both with the status code (NOT_FOUND)', async () => {
    telemetry.resetSpans();
    await expect(call(standIn.client, standIn.client.getProperty, { id: 'missing' }, { userId: 'u1' })).rejects.toThrow('Property not found');
    await expect.poll(() => telemetry.spans().length).toBe(2);
    const byKind = (kind: SpanKind) => telemetry.spans().find((s) => s.kind === kind)!;
    const [clientSpan, serverSpan] = [byKind(SpanKind.CLIENT), byKind(SpanKind.SERVER)];
    for (const span of [clientSpan, serverSpan]) {
      expect(span.name).toBe('property.v1.PropertyService/GetProperty');
      expect(span.attributes).toMatchObject({
        'rpc.system': 'grpc',
        'rpc.service': 'property.v1.PropertyService',
        'rpc.method': 'GetProperty',
        'rpc.grpc.status_code': 5,
        'error.type': 'NOT_FOUND',
      });
      expect(span.status.code).toBe(SpanStatusCode.ERROR);
    }
    expect(serverSpan.spanContext().traceId).toBe(clientSpan.spanContext().traceId);
    expect(serverSpan.parentSpanContext?.spanId).toBe(clientSpan.spanContext().spanId);
  });

  it('ends the client span and records the call, failed, when grpc-js refuses to start it (a closed channel)', async () => {
    const closed = standInClient(standIn.server);
    closed.close();
    telemetry.resetSpans();
    await expect(call(closed, closed.getProperty, { id: 'any' }, { userId: 'u1' })).rejects.toThrow();
    const [span] = telemetry.spans();
    expect(span).toBeDefined();
    expect(span!.kind).toBe(SpanKind.CLIENT);
    expect(span!.attributes['rpc.grpc.status_code']).toBe(13);
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    const points = (await telemetry.points()).filter((p) => p.name === 'rpc.client.duration' && p.attributes['rpc.grpc.status_code'] === 13);
    expect(points.length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { METRIC_CATALOG, prometheusMetricNames, prometheusSeriesNames, rpcAttributes } from '../src/metrics';

describe('metric catalog', () => {
  it('names every metric once, with semantic-convention or hsa.* names', () => {
    const names = METRIC_CATALOG.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^(http|rpc|db|messaging|hsa)\.[a-z_.]+$/);
  });

  it('gives the series names Prometheus stores for OTLP metrics (dots to underscores, unit words, _total, histogram series)', () => {
    const byName = (name: string) => prometheusSeriesNames(METRIC_CATALOG.find((d) => d.name === name)!);
    expect(byName('http.server.request.duration')).toEqual([
      'http_server_request_duration_seconds_bucket',
      'http_server_request_duration_seconds_sum',
      'http_server_request_duration_seconds_count',
    ]);
    expect(byName('rpc.server.duration')[0]).toBe('rpc_server_duration_milliseconds_bucket');
    expect(byName('messaging.client.sent.messages')).toEqual(['messaging_client_sent_messages_total']);
    expect(byName('hsa.outbox.oldest_pending.age')).toEqual(['hsa_outbox_oldest_pending_age_seconds']);
    expect(byName('hsa.sse.connections')).toEqual(['hsa_sse_connections']);
    expect(byName('hsa.upload.size')[2]).toBe('hsa_upload_size_bytes_count');
    expect(prometheusMetricNames().has('hsa_upload_refused_total')).toBe(true);
  });

  it('splits a gRPC path into rpc.service and rpc.method', () => {
    expect(rpcAttributes('/property.v1.PropertyService/CreateProperty', 4)).toEqual({
      'rpc.system': 'grpc',
      'rpc.service': 'property.v1.PropertyService',
      'rpc.method': 'CreateProperty',
      'rpc.grpc.status_code': 4,
    });
  });
});

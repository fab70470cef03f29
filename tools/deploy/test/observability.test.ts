import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prometheusMetricNames } from '@hsa/service-kit';
import { checkObservability, exemplarSeriesNames, promqlMetricNames, spanMetricNames } from '../src/observability';
import { copyFixture, expectFailures, fixturesDir, type FixtureCopy } from './support/fixture';

const DASHBOARD = 'deploy/grafana/dashboards/overview.json';
const ALERTS = 'deploy/grafana/provisioning/alerting/rules.yaml';
const DATASOURCES = 'deploy/grafana/provisioning/datasources/datasources.yaml';
const COLLECTOR = 'deploy/otel-collector/config.yaml';

describe('PromQL metric names', () => {
  it('keeps metric names and drops functions, keywords, labels, durations, numbers and Grafana variables', () => {
    expect(promqlMetricNames('sum by (service_name, le) (rate(http_server_request_duration_seconds_bucket{http_route="/api/x", a=~"b"}[$__rate_interval])) / 1e3')).toEqual(['http_server_request_duration_seconds_bucket']);
    expect(promqlMetricNames('(1 - up) or absent_over_time(target_info[5m]) offset 1h')).toEqual(['up', 'target_info']);
    expect(promqlMetricNames('count by (a) (x) unless on (service_name) group_left (b) count(y) > bool 2')).toEqual(['x', 'y']);
    expect(promqlMetricNames('label_values(hsa_outbox_pending, service_name)')).toEqual(['hsa_outbox_pending']);
    expect(promqlMetricNames('label_values(service_name)')).toEqual([]);
    expect(promqlMetricNames('{__name__="hsa_sse_connections"}')).toEqual(['hsa_sse_connections']);
  });

  it('derives the span metrics from the collector configuration', () => {
    expect(spanMetricNames({ connectors: { spanmetrics: null } })).toEqual([
      'traces_span_metrics_calls_total',
      'traces_span_metrics_duration_milliseconds_bucket',
      'traces_span_metrics_duration_milliseconds_sum',
      'traces_span_metrics_duration_milliseconds_count',
    ]);
    expect(spanMetricNames({ connectors: { 'spanmetrics/x': { namespace: 'spans', histogram: { unit: 's' } } } })).toContain('spans_duration_seconds_bucket');
    expect(spanMetricNames({ connectors: { forward: {} } })).toEqual([]);
  });

  it('knows which series carry exemplars: the span duration histogram when the connector enables them', () => {
    expect(exemplarSeriesNames({ connectors: { spanmetrics: { exemplars: { enabled: true } } } })).toContain('traces_span_metrics_duration_milliseconds_bucket');
    expect(exemplarSeriesNames({ connectors: { spanmetrics: {} } })).toEqual([]);
    expect(exemplarSeriesNames({ connectors: { spanmetrics: { exemplars: { enabled: true }, histogram: { disable: true } } } })).toEqual([]);
  });
});

describe('deploy:check on dashboards, alert rules and Grafana provisioning', () => {
  let copy: FixtureCopy | undefined;
  afterEach(() => copy?.cleanup());
  const broken = (edit: (c: FixtureCopy) => void) => {
    copy = copyFixture();
    edit(copy);
    return checkObservability(copy.root).failures;
  };

  it('passes the good fixture', () => {
    const result = checkObservability(path.join(fixturesDir, 'good'));
    expect(result.failures).toEqual([]);
    expect(result).toMatchObject({ dashboards: 1, alertRules: 1, expressions: 4 });
  });

  it('refuses a dashboard that is not JSON', () => {
    const failures = broken((c) => c.replace(DASHBOARD, '"panels": [', '"panels": [,'));
    expect(failures).toEqual([expect.objectContaining({ check: 'observability', rule: 'json-parse', file: DASHBOARD })]);
  });

  it('refuses an alert or provisioning file that is not YAML', () => {
    expectFailures(broken((c) => c.replace(ALERTS, 'name: fixture', 'name: [fixture')), { check: 'observability', rule: 'yaml-parse', file: ALERTS });
    copy?.cleanup();
    expectFailures(broken((c) => c.replace(DATASOURCES, 'uid: loki', 'uid: loki\n  bad: [')), { rule: 'yaml-parse', file: DATASOURCES });
  });

  it('names a metric no service emits, in a panel and in an alert', () => {
    const failures = broken((c) => {
      c.replace(DASHBOARD, 'http_server_request_duration_seconds_bucket', 'http_server_duration_bucket');
      c.replace(ALERTS, 'hsa_outbox_oldest_pending_age_seconds', 'hsa_outbox_oldest_age');
    });
    expect(failures).toHaveLength(2);
    expectFailures(
      failures,
      { rule: 'metric-unknown', file: DASHBOARD, message: expect.stringContaining('panel "HTTP p95" target A queries "http_server_duration_bucket"') as string },
      { rule: 'metric-unknown', file: ALERTS, line: 16, message: expect.stringContaining('alert rule "outbox-oldest" query A queries "hsa_outbox_oldest_age"') as string },
    );
  });

  it('checks a template variable query, and not LogQL', () => {
    const failures = broken((c) => c.replace(DASHBOARD, 'label_values(target_info', 'label_values(service_info'));
    expect(failures).toEqual([expect.objectContaining({ rule: 'metric-unknown', message: expect.stringContaining('variable "service" queries "service_info"') as string })]);
  });

  it('names a data source uid that is not provisioned: panel, alert, data source link', () => {
    const failures = broken((c) => {
      c.replace(DASHBOARD, '"uid": "loki"', '"uid": "logs"');
      c.replace(ALERTS, 'datasourceUid: prometheus', 'datasourceUid: prom');
      c.replace(DATASOURCES, 'datasourceUid: tempo', 'datasourceUid: traces');
    });
    expectFailures(
      failures,
      { rule: 'datasource-unknown', file: DASHBOARD, message: expect.stringContaining('panel "Logs" refers to data source uid "logs"') as string },
      { rule: 'datasource-unknown', file: ALERTS, message: expect.stringContaining('alert rule "outbox-oldest" query A refers to data source uid "prom"') as string },
      { rule: 'datasource-unknown', file: DATASOURCES, line: 10, message: expect.stringContaining('prometheus.jsonData.exemplarTraceIdDestinations[0].datasourceUid') as string },
    );
    expect(failures).toHaveLength(3);
  });

  it('refuses an alert whose condition is not one of its queries, and missing data sources', () => {
    expectFailures(broken((c) => c.replace(ALERTS, 'condition: C', 'condition: D')), { rule: 'alert-condition', file: ALERTS });
    copy?.cleanup();
    expectFailures(broken((c) => c.remove('deploy/grafana/provisioning/datasources')), { rule: 'datasources-missing' });
  });

  it('refuses a panel asking for exemplars of a series without any (the SDK histograms), accepts span metrics with exemplars enabled', () => {
    const sdkTarget = '"refId": "A", "expr": "histogram_quantile(0.95, sum by (service_name, le) (rate(http_server_request_duration_seconds_bucket';
    const failures = broken((c) => c.replace(DASHBOARD, sdkTarget, `"exemplar": true, ${sdkTarget}`));
    expect(failures).toEqual([
      expect.objectContaining({ rule: 'exemplar-no-source', file: DASHBOARD, line: 11, message: expect.stringContaining('panel "HTTP p95" target A asks for exemplars') as string }),
    ]);
    copy?.cleanup();

    const spanTarget = '"refId": "A", "expr": "sum by (span_name) (rate(traces_span_metrics_calls_total[5m]))"';
    const spanP95 = '"refId": "A", "exemplar": true, "expr": "histogram_quantile(0.95, sum by (le) (rate(traces_span_metrics_duration_milliseconds_bucket[5m])))"';
    expect(broken((c) => c.replace(DASHBOARD, spanTarget, spanP95)).map((f) => f.rule), 'exemplars not enabled in the collector').toEqual(['exemplar-no-source']);
    copy?.cleanup();
    expect(
      broken((c) => {
        c.replace(DASHBOARD, spanTarget, spanP95);
        c.replace(COLLECTOR, 'spanmetrics: {}', 'spanmetrics: {exemplars: {enabled: true}}');
      }),
    ).toEqual([]);
  });

  it('knows every name of the kit catalog (the names the services emit)', () => {
    expect(prometheusMetricNames()).toContain('hsa_outbox_pending');
    expect(prometheusMetricNames()).toContain('rpc_server_duration_milliseconds_bucket');
    for (const name of ['hsa_readiness', 'hsa_readiness_check', 'hsa_nats_consumer_pending']) expect(prometheusMetricNames()).toContain(name);
  });
});

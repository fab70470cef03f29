/**
 * The observability files of deploy/ checked offline: every Grafana dashboard parses as JSON, every Grafana
 * provisioning file (data sources, dashboard providers, alert rules) and the collector configuration parse as YAML,
 * every data source uid a panel, target, template variable, alert query or data source link names is provisioned,
 * and every metric name a PromQL expression queries is one the services emit: the kit's catalog
 * (`prometheusSeriesNames` of `@hsa/service-kit`), the collector's span metrics (derived from its spanmetrics
 * connectors), `target_info` (written by Prometheus's OTLP receiver per resource) and `up`. A panel query that asks
 * for exemplars must read a series that carries them: the span metrics' duration histogram of a connector with
 * exemplars enabled (the services' OpenTelemetry JS SDK records no exemplars on its own histograms).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { METRIC_CATALOG, prometheusSeriesNames, type MetricDefinition } from '@hsa/service-kit';
import { parseDocument } from 'yaml';
import type { Failure } from './failure';

export const observabilityLayout = {
  dashboards: 'deploy/grafana/dashboards',
  provisioning: 'deploy/grafana/provisioning',
  datasources: 'deploy/grafana/provisioning/datasources',
  alerting: 'deploy/grafana/provisioning/alerting',
  collector: 'deploy/otel-collector/config.yaml',
} as const;

/** Data source references that are Grafana's own, not provisioned ones. */
const BUILTIN_DATASOURCES = new Set(['__expr__', '-- Grafana --', 'grafana', '-- Mixed --', '-- Dashboard --', '__expr']);

/** Series Prometheus itself writes: `up` per scrape target, `target_info` per OTLP resource. */
export const PROMETHEUS_OWN_SERIES = ['up', 'target_info'] as const;

const PROMQL_KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'inf', 'nan', 'atan2', 'start', 'end']);

/**
 * The metric names a PromQL expression (or a Grafana variable query such as `label_values(metric, label)`) queries:
 * identifiers that are not functions, keywords, label names (inside `{}` or a grouping clause), durations, numbers
 * or Grafana variables. `{__name__="x"}` selectors are taken as `x`.
 */
export function promqlMetricNames(expr: string): string[] {
  const names = new Set<string>();
  let text = expr;
  for (const m of text.matchAll(/__name__\s*=\s*"([^"]+)"/g)) names.add(m[1]!);
  // label_values(label) has no metric; label_values(metric, label) keeps only the metric.
  text = text.replace(/label_values\(\s*([a-zA-Z_:][\w:]*)\s*\)/g, ' ').replace(/label_values\(\s*([^,()]+?)\s*,\s*[\w.]+\s*\)/g, ' $1 ');
  text = text
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""') // strings
    .replace(/\{[^{}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // ranges and subqueries
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ') // grouping labels
    .replace(/\$\{[^}]*\}|\$\w+/g, ' '); // Grafana variables
  for (const m of text.matchAll(/(?<![\w.:$])([a-zA-Z_:][\w:]*)(\s*\()?/g)) {
    const [, name, call] = m;
    if (call || PROMQL_KEYWORDS.has(name!.toLowerCase())) continue;
    names.add(name!);
  }
  return [...names];
}

interface SpanMetricsConfig {
  namespace?: string;
  histogram?: { unit?: string; disable?: boolean };
  events?: { enabled?: boolean };
  exemplars?: { enabled?: boolean };
}

function spanMetricsConnectors(collectorConfig: unknown): { prefix: string; config: SpanMetricsConfig | null }[] {
  const connectors = (collectorConfig as { connectors?: Record<string, SpanMetricsConfig | null> } | null)?.connectors ?? {};
  return Object.entries(connectors)
    .filter(([id]) => id === 'spanmetrics' || id.startsWith('spanmetrics/'))
    .map(([, config]) => {
      const ns = config?.namespace ?? 'traces.span.metrics';
      return { prefix: ns ? `${ns}.` : '', config };
    });
}

const spanDuration = (prefix: string, config: SpanMetricsConfig | null): MetricDefinition => ({
  name: `${prefix}duration`,
  instrument: 'histogram',
  unit: config?.histogram?.unit ?? 'ms',
  description: '',
  attributes: [],
});

/** The series the collector's spanmetrics connectors produce, as Prometheus's OTLP receiver names them. */
export function spanMetricNames(collectorConfig: unknown): string[] {
  return spanMetricsConnectors(collectorConfig).flatMap(({ prefix, config }) => {
    const defs: MetricDefinition[] = [{ name: `${prefix}calls`, instrument: 'counter', unit: '', description: '', attributes: [] }];
    if (!config?.histogram?.disable) defs.push(spanDuration(prefix, config));
    if (config?.events?.enabled) defs.push({ name: `${prefix}events`, instrument: 'counter', unit: '', description: '', attributes: [] });
    return defs.flatMap((d) => prometheusSeriesNames(d));
  });
}

/** The series that carry exemplars: the span duration histograms of connectors with exemplars enabled. */
export function exemplarSeriesNames(collectorConfig: unknown): string[] {
  return spanMetricsConnectors(collectorConfig)
    .filter(({ config }) => !config?.histogram?.disable && config?.exemplars?.enabled === true)
    .flatMap(({ prefix, config }) => prometheusSeriesNames(spanDuration(prefix, config)));
}

export interface ObservabilityResult {
  failures: Failure[];
  dashboards: number;
  alertRules: number;
  /** PromQL expressions whose metric names were checked. */
  expressions: number;
}

function filesIn(dir: string, ...exts: string[]): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && exts.some((x) => e.name.endsWith(x)))
    .map((e) => path.join(dir, e.name))
    .sort();
}

/** 1-based line of the first occurrence of `needle` in `text`, if any. */
function lineOf(text: string, needle: string): number | undefined {
  const at = text.indexOf(needle);
  return at < 0 ? undefined : text.slice(0, at).split('\n').length;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** The uid (or name) a Grafana `datasource` value refers to: a string, or `{uid}`. */
function datasourceRef(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value.uid === 'string') return value.uid;
  return undefined;
}

export function checkObservability(root: string): ObservabilityResult {
  const failures: Failure[] = [];
  const result: ObservabilityResult = { failures, dashboards: 0, alertRules: 0, expressions: 0 };
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const fail = (file: string, rule: string, message: string, line?: number) => failures.push({ check: 'observability', rule, file: rel(file), line, message });

  const datasourceFiles = filesIn(path.join(root, observabilityLayout.datasources), '.yaml', '.yml');
  if (!datasourceFiles.length) {
    fail(path.join(root, observabilityLayout.datasources, 'datasources.yaml'), 'datasources-missing', 'no Grafana data source is provisioned: deploy:check expects deploy/grafana/provisioning/datasources/*.yaml');
    return result;
  }

  const parseYaml = (file: string): { text: string; data: unknown } | undefined => {
    const text = readFileSync(file, 'utf8');
    const doc = parseDocument(text, { prettyErrors: false });
    if (doc.errors.length) {
      const err = doc.errors[0]!;
      fail(file, 'yaml-parse', `not valid YAML: ${err.message.split('\n')[0]}`, err.linePos?.[0].line);
      return undefined;
    }
    return { text, data: doc.toJS() as unknown };
  };

  // Every YAML under deploy/grafana/provisioning parses; data sources give the uid → type table.
  const datasources = new Map<string, string>();
  const links: { file: string; text: string; uid: string; where: string }[] = [];
  const provisioning = path.join(root, observabilityLayout.provisioning);
  const yamlFiles = existsSync(provisioning)
    ? readdirSync(provisioning, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .flatMap((e) => filesIn(path.join(provisioning, e.name), '.yaml', '.yml'))
    : [];
  const parsed = new Map<string, { text: string; data: unknown }>();
  for (const file of yamlFiles) {
    const doc = parseYaml(file);
    if (doc) parsed.set(file, doc);
  }
  for (const file of datasourceFiles) {
    const doc = parsed.get(file);
    const list = isObject(doc?.data) && Array.isArray(doc.data.datasources) ? doc.data.datasources : [];
    for (const ds of list) {
      if (!isObject(ds)) continue;
      const uid = typeof ds.uid === 'string' ? ds.uid : undefined;
      if (!uid) {
        fail(file, 'datasource-uid', `data source "${String(ds.name)}" has no uid: dashboards and alerts refer to data sources by uid`, doc && lineOf(doc.text, `name: ${String(ds.name)}`));
        continue;
      }
      datasources.set(uid, String(ds.type));
      // Links between data sources (exemplars → Tempo, traces → logs, ...): every datasourceUid under jsonData.
      const walk = (v: unknown, where: string) => {
        if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${where}[${i}]`));
        else if (isObject(v)) for (const [k, x] of Object.entries(v)) {
          if (k === 'datasourceUid' && typeof x === 'string') links.push({ file, text: doc!.text, uid: x, where: `${where}.${k}` });
          else walk(x, `${where}.${k}`);
        }
      };
      walk(ds.jsonData, `${uid}.jsonData`);
    }
  }
  for (const link of links) {
    if (!datasources.has(link.uid)) fail(link.file, 'datasource-unknown', `${link.where} refers to data source uid "${link.uid}", which is not provisioned`, lineOf(link.text, `datasourceUid: ${link.uid}`));
  }

  // The names the services emit.
  const known = new Set<string>([...METRIC_CATALOG.flatMap((d) => prometheusSeriesNames(d)), ...PROMETHEUS_OWN_SERIES]);
  const withExemplars = new Set<string>();
  const collectorFile = path.join(root, observabilityLayout.collector);
  if (existsSync(collectorFile)) {
    const doc = parseYaml(collectorFile);
    if (doc) for (const name of spanMetricNames(doc.data)) known.add(name);
    if (doc) for (const name of exemplarSeriesNames(doc.data)) withExemplars.add(name);
  }

  const isPrometheus = (uid: string | undefined) => uid !== undefined && datasources.get(uid) === 'prometheus';
  const defaultUid = [...datasources.keys()].find((uid) => datasources.get(uid) === 'prometheus');
  const checkRef = (file: string, text: string, uid: string | undefined, where: string) => {
    if (uid === undefined || BUILTIN_DATASOURCES.has(uid) || uid.startsWith('$')) return;
    if (!datasources.has(uid)) fail(file, 'datasource-unknown', `${where} refers to data source uid "${uid}", which is not provisioned (provisioned: ${[...datasources.keys()].join(', ')})`, lineOf(text, `"${uid}"`) ?? lineOf(text, uid));
  };
  const checkExpr = (file: string, text: string, expr: string, where: string) => {
    result.expressions += 1;
    for (const name of promqlMetricNames(expr)) {
      if (!known.has(name)) fail(file, 'metric-unknown', `${where} queries "${name}", which no service emits (kit catalog, span metrics, up, target_info)`, lineOf(text, name));
    }
  };

  // Dashboards.
  const dashboards = filesIn(path.join(root, observabilityLayout.dashboards), '.json');
  if (!dashboards.length) fail(path.join(root, observabilityLayout.dashboards), 'dashboards-missing', 'no dashboard (*.json) to provision');
  const uids = new Map<string, string>();
  for (const file of dashboards) {
    const text = readFileSync(file, 'utf8');
    let dashboard: unknown;
    try {
      dashboard = JSON.parse(text);
    } catch (err) {
      fail(file, 'json-parse', `not valid JSON: ${(err as Error).message}`);
      continue;
    }
    result.dashboards += 1;
    if (!isObject(dashboard) || typeof dashboard.uid !== 'string' || typeof dashboard.title !== 'string') {
      fail(file, 'dashboard-uid', 'a dashboard needs a string "uid" and "title" (links and alerts refer to the uid)');
      continue;
    }
    if (uids.has(dashboard.uid)) fail(file, 'dashboard-uid', `uid "${dashboard.uid}" is also the uid of ${uids.get(dashboard.uid)}`, lineOf(text, '"uid"'));
    uids.set(dashboard.uid, rel(file));
    const templating = isObject(dashboard.templating) && Array.isArray(dashboard.templating.list) ? dashboard.templating.list : [];
    for (const variable of templating) {
      if (!isObject(variable)) continue;
      const uid = datasourceRef(variable.datasource);
      const where = `variable "${String(variable.name)}"`;
      checkRef(file, text, uid, where);
      const query = isObject(variable.query) ? variable.query.query : variable.query;
      if (variable.type === 'query' && typeof query === 'string' && isPrometheus(uid ?? defaultUid)) checkExpr(file, text, query, where);
    }
    const panels = (list: unknown): Json[] =>
      Array.isArray(list) ? list.filter(isObject).flatMap((p) => [p, ...panels(p.panels)]) : [];
    for (const panel of panels(dashboard.panels)) {
      const panelUid = datasourceRef(panel.datasource);
      const where = `panel "${String(panel.title)}"`;
      checkRef(file, text, panelUid, where);
      for (const target of Array.isArray(panel.targets) ? panel.targets.filter(isObject) : []) {
        const uid = datasourceRef(target.datasource) ?? panelUid ?? defaultUid;
        checkRef(file, text, datasourceRef(target.datasource), `${where} target ${String(target.refId)}`);
        if (isPrometheus(uid) && typeof target.expr === 'string') {
          checkExpr(file, text, target.expr, `${where} target ${String(target.refId)}`);
          if (target.exemplar === true && !promqlMetricNames(target.expr).some((name) => withExemplars.has(name))) {
            fail(
              file,
              'exemplar-no-source',
              `${where} target ${String(target.refId)} asks for exemplars, but none of its series carries any: the services' OpenTelemetry JS SDK records none; query the span metrics' duration histogram (exemplars enabled in the collector's spanmetrics connector)`,
              lineOf(text, JSON.stringify(target.expr).slice(1, -1)),
            );
          }
        }
      }
    }
  }

  // Alert rules.
  for (const file of filesIn(path.join(root, observabilityLayout.alerting), '.yaml', '.yml')) {
    const doc = parsed.get(file);
    if (!doc || !isObject(doc.data)) continue;
    for (const group of Array.isArray(doc.data.groups) ? doc.data.groups.filter(isObject) : []) {
      for (const rule of Array.isArray(group.rules) ? group.rules.filter(isObject) : []) {
        result.alertRules += 1;
        const where = `alert rule "${String(rule.uid ?? rule.title)}"`;
        const data = Array.isArray(rule.data) ? rule.data.filter(isObject) : [];
        if (!data.some((q) => q.refId === rule.condition)) fail(file, 'alert-condition', `${where}: condition "${String(rule.condition)}" is not the refId of one of its queries`, lineOf(doc.text, `uid: ${String(rule.uid)}`));
        for (const query of data) {
          const uid = typeof query.datasourceUid === 'string' ? query.datasourceUid : undefined;
          checkRef(file, doc.text, uid, `${where} query ${String(query.refId)}`);
          const expr = isObject(query.model) ? query.model.expr : undefined;
          if (isPrometheus(uid) && typeof expr === 'string') checkExpr(file, doc.text, expr, `${where} query ${String(query.refId)}`);
        }
      }
    }
  }
  return result;
}

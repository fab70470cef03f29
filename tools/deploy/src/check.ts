import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkChart } from './chart';
import { checkDockerfiles } from './dockerfiles';
import type { CheckName, Failure } from './failure';
import { checkObservability } from './observability';
import { layout } from './paths';
import { readValuesFile } from './profiles';
import { checkSkaffold } from './skaffold';
import { checkValuesSchema, PRODUCT_IMAGE } from './values-schema';

/** The parts of deploy:check a run can be limited to. */
export type CheckSet = 'chart' | 'values-schema' | 'dockerfile' | 'skaffold' | 'observability';

export interface DeployCheckReport {
  failures: Failure[];
  /** What was checked, for the summary: profiles and objects, bad-values cases, Dockerfiles, skaffold renders. */
  counts: { profiles: number; objects: number; badValuesCases: number; dockerfiles: number; skaffoldRenders: number; dashboards: number; alertRules: number; promqlExpressions: number };
  seconds: Record<string, number>;
}

/** Every product image (`hsa-<name>`) named as an image repository anywhere in the chart's values.yaml. */
export function productImagesInValues(values: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(values)) for (const item of values) productImagesInValues(item, found);
  else if (values && typeof values === 'object') {
    for (const [key, value] of Object.entries(values)) {
      if (key === 'repository' && typeof value === 'string' && PRODUCT_IMAGE.test(value)) found.add(value.slice(value.lastIndexOf('/') + 1));
      else productImagesInValues(value, found);
    }
  }
  return found;
}

/**
 * deploy:check on a root laid out like the repository (the repository itself, or a test fixture): the chart with
 * every values profile (lint, render, schema, unknown fields, policy), the values schema against bad values, every
 * Dockerfile, skaffold.yaml, and the Grafana dashboards, alert rules and provisioning files of deploy/. `only` limits the run to some checks (tests).
 */
export async function runDeployCheck(root: string, only?: ReadonlySet<CheckSet>): Promise<DeployCheckReport> {
  const wants = (check: CheckSet) => !only || only.has(check);
  const seconds: Record<string, number> = {};
  const failures: Failure[] = [];
  const counts = { profiles: 0, objects: 0, badValuesCases: 0, dockerfiles: 0, skaffoldRenders: 0, dashboards: 0, alertRules: 0, promqlExpressions: 0 };
  const timed = async <T>(step: string, body: () => Promise<T>): Promise<T> => {
    const began = performance.now();
    try {
      return await body();
    } finally {
      seconds[step] = (performance.now() - began) / 1000;
    }
  };

  const chartPresent = existsSync(path.join(root, layout.chart, 'Chart.yaml'));
  if (wants('chart')) {
    const chart = await timed('chart', () => checkChart(root));
    failures.push(...chart.failures);
    for (const [step, s] of Object.entries(chart.seconds)) seconds[`chart: ${step}`] = s;
    counts.profiles = chart.renders.length;
    counts.objects = chart.renders.reduce((n, r) => n + r.objects.length, 0);
  }
  if (wants('values-schema') && chartPresent) {
    const result = await timed('values schema', () => checkValuesSchema(root));
    failures.push(...result.failures);
    counts.badValuesCases = result.cases;
  }
  let artifactImages: string[] = [];
  if (wants('skaffold') || wants('dockerfile')) {
    const result = await timed('skaffold', () => checkSkaffold(root));
    artifactImages = result.artifactImages;
    if (wants('skaffold')) {
      failures.push(...result.failures);
      counts.skaffoldRenders = result.renders;
    }
  }
  if (wants('dockerfile')) {
    const expected = new Map<string, string>();
    for (const image of artifactImages) expected.set(image, layout.skaffold);
    if (chartPresent) {
      for (const image of productImagesInValues(readValuesFile(path.join(root, layout.chart, 'values.yaml')))) {
        expected.set(image, expected.has(image) ? `${layout.skaffold} and ${layout.chart}/values.yaml` : `${layout.chart}/values.yaml`);
      }
    }
    const result = await timed('dockerfiles', async () => checkDockerfiles(root, expected));
    failures.push(...result.failures);
    counts.dockerfiles = result.linted.length;
  }
  if (wants('observability')) {
    const result = await timed('dashboards and alerts', async () => checkObservability(root));
    failures.push(...result.failures);
    counts.dashboards = result.dashboards;
    counts.alertRules = result.alertRules;
    counts.promqlExpressions = result.expressions;
  }
  return { failures, counts, seconds };
}

export function failuresOf(report: DeployCheckReport, check?: CheckName): Failure[] {
  return check ? report.failures.filter((f) => f.check === check) : report.failures;
}

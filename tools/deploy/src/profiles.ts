import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { Failure } from './failure';
import { layout } from './paths';

/** A values profile: the chart defaults plus these values files, in order (paths relative to the root). */
export interface Profile {
  name: string;
  valuesFiles: string[];
}

/**
 * Every values profile the chart must render with: the chart defaults, `helm/values-external.yaml` (every dependency
 * external), `helm/values-dev.yaml` (skaffold dev), and each `<chart>/ci/*-values.yaml` (test-only profiles, e.g.
 * features-off and production). A missing expected profile file is a failure.
 */
export function discoverProfiles(root: string): { profiles: Profile[]; failures: Failure[] } {
  const profiles: Profile[] = [{ name: 'defaults', valuesFiles: [] }];
  const failures: Failure[] = [];
  for (const [name, file] of Object.entries(layout.profileFiles)) {
    if (existsSync(path.join(root, file))) profiles.push({ name, valuesFiles: [file] });
    else failures.push({ check: 'chart', rule: 'profile-missing', file, message: `the values profile "${name}" is missing` });
  }
  const ciDir = path.join(root, layout.chart, 'ci');
  const ciFiles = existsSync(ciDir) ? readdirSync(ciDir).filter((f) => f.endsWith('-values.yaml')).sort() : [];
  if (!ciFiles.length) {
    failures.push({ check: 'chart', rule: 'profile-missing', file: `${layout.chart}/ci`, message: 'no test profiles (ci/*-values.yaml, e.g. features-off-values.yaml)' });
  }
  for (const file of ciFiles) profiles.push({ name: `ci/${file.replace(/-values\.yaml$/, '')}`, valuesFiles: [`${layout.chart}/ci/${file}`] });
  return { profiles, failures };
}

type Values = Record<string, unknown>;

const isMap = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Helm's values coalescing: maps merge key by key, anything else replaces, and null deletes a key. */
export function mergeValues(base: Values, override: Values): Values {
  const merged: Values = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === null) delete merged[key];
    else if (isMap(value) && isMap(merged[key])) merged[key] = mergeValues(merged[key], value);
    else merged[key] = value;
  }
  return merged;
}

export function readValuesFile(file: string): Values {
  const parsed: unknown = parse(readFileSync(file, 'utf8'));
  return isMap(parsed) ? parsed : {};
}

/** The values a profile renders with (chart values.yaml, then each of its files). */
export function profileValues(root: string, profile: Profile): Values {
  return profile.valuesFiles.reduce(
    (values, file) => mergeValues(values, readValuesFile(path.join(root, file))),
    readValuesFile(path.join(root, layout.chart, 'values.yaml')),
  );
}

/** A value at a dotted path, e.g. `networkPolicy.enabled`. */
export function valueAt(values: Values, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((node, key) => (isMap(node) ? node[key] : undefined), values);
}

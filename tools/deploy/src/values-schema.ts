import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RELEASE } from './chart';
import { limited } from './concurrency';
import type { Failure } from './failure';
import { helm, helmError } from './helm';
import { layout } from './paths';
import { readValuesFile } from './profiles';

/**
 * `values.schema.json` must refuse bad values before anything renders: a table of bad values files, each of which
 * `helm template` must reject with a schema error. Derived from the chart's own values.yaml so it follows the
 * components: a wrong type (a component's replicas as a string, its enabled as a string, its resources as a
 * string), an unknown top-level key, and an unknown key in every component.
 */

export interface BadValuesCase {
  name: string;
  values: Record<string, unknown>;
}

type Values = Record<string, unknown>;
const isMap = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Image repositories of the product: `hsa-<component>` (optionally behind a registry). */
export const PRODUCT_IMAGE = /(?:^|\/)hsa-[a-z0-9-]+$/;

/** The chart's components: top-level keys whose `image.repository` is a product image (`hsa-<name>`). */
export function chartComponents(values: Values): string[] {
  return Object.entries(values)
    .filter(([, v]) => isMap(v) && isMap(v.image) && typeof v.image.repository === 'string' && PRODUCT_IMAGE.test(v.image.repository))
    .map(([key]) => key);
}

export function badValuesCases(values: Values): BadValuesCase[] {
  const components = chartComponents(values);
  const withKey = (key: string, type: string) => components.find((c) => typeof (values[c] as Values)[key] === type);
  const cases: BadValuesCase[] = [{ name: 'unknown top-level key (unknownTopLevelKey)', values: { unknownTopLevelKey: true } }];
  const replicas = withKey('replicas', 'number');
  if (replicas) cases.push({ name: `wrong type: ${replicas}.replicas is a string`, values: { [replicas]: { replicas: 'three' } } });
  const enabled = withKey('enabled', 'boolean');
  if (enabled) cases.push({ name: `wrong type: ${enabled}.enabled is a string`, values: { [enabled]: { enabled: 'yes' } } });
  const resources = components.find((c) => isMap((values[c] as Values).resources));
  if (resources) cases.push({ name: `wrong type: ${resources}.resources is a string`, values: { [resources]: { resources: 'large' } } });
  for (const component of components) {
    cases.push({ name: `unknown key in ${component} (${component}.imageTag)`, values: { [component]: { imageTag: 'v1' } } });
  }
  return cases;
}

/** Runs every bad-values case through `helm template`; each one the chart accepts is a failure. */
export async function checkValuesSchema(root: string): Promise<{ failures: Failure[]; cases: number }> {
  const schemaFile = `${layout.chart}/values.schema.json`;
  if (!existsSync(path.join(root, schemaFile))) {
    return { failures: [{ check: 'values-schema', rule: 'values-schema-missing', file: schemaFile, message: 'the chart has no values.schema.json' }], cases: 0 };
  }
  const cases = badValuesCases(readValuesFile(path.join(root, layout.chart, 'values.yaml')));
  const dir = mkdtempSync(path.join(tmpdir(), 'hsa-bad-values-'));
  try {
    const results = await limited(
      cases.map((badCase, i) => async () => {
        const file = path.join(dir, `case-${i}.yaml`);
        // JSON is YAML that helm (YAML 1.1: `yes` is a boolean there) reads exactly as written.
        writeFileSync(file, JSON.stringify(badCase.values));
        return { badCase, result: await helm(['template', RELEASE, layout.chart, '-f', file], root) };
      }),
    );
    const failures: Failure[] = [];
    for (const { badCase, result } of results) {
      if (result.code !== 0 && /don't meet the specifications of the schema/.test(result.stderr)) continue;
      failures.push({
        check: 'values-schema',
        rule: 'bad-values-accepted',
        file: schemaFile,
        message:
          result.code === 0
            ? `accepts ${badCase.name}: ${JSON.stringify(badCase.values)} renders`
            : `${badCase.name} failed, but not by the schema: ${helmError(result.stderr).split('\n')[0]}`,
      });
    }
    return { failures, cases: cases.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

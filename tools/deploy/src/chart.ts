import { existsSync } from 'node:fs';
import path from 'node:path';
import { limited } from './concurrency';
import type { Failure } from './failure';
import { helm, helmError, type HelmResult } from './helm';
import { validateObject } from './k8s-schema';
import { layout } from './paths';
import { checkPolicy } from './policy';
import { discoverProfiles, profileValues, readValuesFile, valueAt, type Profile } from './profiles';
import { parseRender, type RenderedObject } from './render';
import { findUnknownFields } from './unknown-fields';

/** The release name every render uses (skaffold.yaml's release). */
export const RELEASE = 'hsa';

export interface ProfileRender {
  profile: Profile;
  /** False when `helm template` failed (then there is nothing to check further). */
  rendered: boolean;
  objects: RenderedObject[];
}

export interface ChartCheckResult {
  failures: Failure[];
  renders: ProfileRender[];
  /** Seconds spent per step (lint+template, schema, unknown fields, policy). */
  seconds: Record<string, number>;
}

/** The chart's name (Chart.yaml `name`), which prefixes helm's `# Source:` paths. */
export function chartName(root: string): string {
  const name = readValuesFile(path.join(root, layout.chart, 'Chart.yaml')).name;
  return typeof name === 'string' ? name : path.basename(layout.chart);
}

/** Whether the chart exists under the root; when not, the failure saying so. */
export function chartPresence(root: string): Failure | undefined {
  if (existsSync(path.join(root, layout.chart, 'Chart.yaml'))) return undefined;
  return {
    check: 'chart',
    rule: 'chart-missing',
    file: `${layout.chart}/Chart.yaml`,
    message: `the Helm chart is not there: deploy:check expects it at ${layout.chart} (issue 9). Nothing of the chart could be checked.`,
  };
}

/** A path helm prints (`<chart name>/templates/x.yaml`, or chart-relative `templates/x.yaml`) relative to the root. */
const chartRelative = (name: string, file: string) =>
  file.startsWith(`${name}/`) ? `${layout.chart}/${file.slice(name.length + 1)}` : `${layout.chart}/${file}`;

/** `[WARNING] templates/x.yaml: message` and `[ERROR] ...` lines of `helm lint` (with --strict, both fail). */
export function lintFailures(result: HelmResult, name: string, profile: Profile): Failure[] {
  if (result.code === 0) return [];
  const failures: Failure[] = [];
  const matches = [...result.stdout.matchAll(/^\[(WARNING|ERROR)\] ([^:\n]*): (.*)$/gm)];
  for (const match of matches) {
    // A values-schema refusal is reported once, by the render, naming the values file.
    if (/don't meet the specifications of the schema|^- at '/.test(match[3]!)) continue;
    const located = /\(([^():]+\.(?:yaml|tpl|txt|json)):(\d+)/.exec(match[3]!);
    failures.push({
      check: 'lint',
      rule: match[1] === 'ERROR' ? 'lint-error' : 'lint-warning',
      file: located ? chartRelative(name, located[1]!) : chartRelative(name, match[2]!.replace(/\/$/, '') || '.'),
      line: located ? Number(located[2]) : undefined,
      profile: profile.name,
      message: match[3]!,
    });
  }
  if (!matches.length) {
    failures.push({ check: 'lint', rule: 'lint-error', file: layout.chart, profile: profile.name, message: (result.stderr || result.stdout).trim() });
  }
  return failures;
}

/** Why `helm template` failed: a values-schema refusal names the profile's values file, a template error the template. */
export function renderFailure(result: HelmResult, name: string, profile: Profile): Failure {
  const text = helmError(result.stderr);
  if (/don't meet the specifications of the schema/.test(text)) {
    return {
      check: 'values-schema',
      rule: 'values-rejected',
      file: profile.valuesFiles.at(-1) ?? `${layout.chart}/values.yaml`,
      profile: profile.name,
      message: text,
    };
  }
  const located = /(?:at \(|template: )([^():\s]+\.(?:yaml|tpl|txt)):(\d+)/.exec(text);
  return {
    check: 'render',
    rule: 'template-error',
    file: located ? chartRelative(name, located[1]!) : layout.chart,
    line: located ? Number(located[2]) : undefined,
    profile: profile.name,
    message: text.split('\n')[0]!,
  };
}

export function helmValuesArgs(profile: Profile): string[] {
  return profile.valuesFiles.flatMap((file) => ['-f', file]);
}

async function renderProfile(root: string, name: string, profile: Profile): Promise<{ failures: Failure[]; rendered: boolean; objects: RenderedObject[] }> {
  const [lint, template] = await Promise.all([
    helm(['lint', '--strict', layout.chart, ...helmValuesArgs(profile)], root),
    helm(['template', RELEASE, layout.chart, ...helmValuesArgs(profile)], root),
  ]);
  const failures = lintFailures(lint, name, profile);
  if (template.code !== 0) return { failures: [...failures, renderFailure(template, name, profile)], rendered: false, objects: [] };
  const parsed = parseRender(template.stdout, name, layout.chart);
  for (const problem of parsed.problems) failures.push({ check: 'render', rule: 'not-an-object', file: problem.file, profile: profile.name, message: problem.message });
  const seen = new Map<string, RenderedObject>();
  for (const object of parsed.objects) {
    const namespace = String((object.body.metadata as { namespace?: unknown } | undefined)?.namespace ?? '');
    const key = `${object.apiVersion.split('/')[0]}|${object.id}|${namespace}`;
    const earlier = seen.get(key);
    if (earlier) {
      failures.push({ check: 'render', rule: 'duplicate-object', file: object.file, profile: profile.name, object: object.id, message: `rendered twice (also by ${earlier.file})` });
    }
    seen.set(key, object);
  }
  return { failures, rendered: true, objects: parsed.objects };
}

/**
 * For every values profile: `helm lint --strict` and `helm template`, then each rendered object against the
 * Kubernetes schemas (types, required fields, kinds), against unknown fields, and against the policy rules.
 */
export async function checkChart(root: string, options: { profiles?: (profile: Profile) => boolean } = {}): Promise<ChartCheckResult> {
  const seconds: Record<string, number> = {};
  const timed = async <T>(step: string, body: () => Promise<T> | T): Promise<T> => {
    const began = performance.now();
    try {
      return await body();
    } finally {
      seconds[step] = (seconds[step] ?? 0) + (performance.now() - began) / 1000;
    }
  };
  const missing = chartPresence(root);
  if (missing) return { failures: [missing], renders: [], seconds };
  const name = chartName(root);
  const discovered = discoverProfiles(root);
  const profiles = discovered.profiles.filter(options.profiles ?? (() => true));
  const failures: Failure[] = [...discovered.failures];

  const rendered = await timed('helm lint + template', () => limited(profiles.map((profile) => () => renderProfile(root, name, profile))));
  const renders: ProfileRender[] = profiles.map((profile, i) => ({ profile, rendered: rendered[i]!.rendered, objects: rendered[i]!.objects }));
  failures.push(...rendered.flatMap((r) => r.failures));

  await timed('schema', () => {
    for (const { profile, objects } of renders) for (const object of objects) failures.push(...validateObject(object, profile.name));
  });
  await timed('unknown fields', () => {
    failures.push(...findUnknownFields(renders.map(({ profile, objects }) => ({ profile: profile.name, objects }))));
  });
  await timed('policy', () => {
    const valuesFile = `${layout.chart}/values.yaml`;
    const defaults = readValuesFile(path.join(root, valuesFile));
    if (typeof valueAt(defaults, 'networkPolicy.enabled') !== 'boolean') {
      failures.push({ check: 'policy', rule: 'network-policy', file: valuesFile, message: 'values.yaml has no networkPolicy.enabled switch (true or false)' });
    }
    for (const { profile, objects } of renders.filter((r) => r.rendered)) {
      const networkPolicyEnabled = valueAt(profileValues(root, profile), 'networkPolicy.enabled') === true;
      failures.push(...checkPolicy(objects, { profile: profile.name, networkPolicyEnabled, valuesFile }));
    }
  });
  return { failures, renders, seconds };
}

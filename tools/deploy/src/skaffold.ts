import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { chartName, RELEASE } from './chart';
import { limited } from './concurrency';
import type { Failure } from './failure';
import { helm, helmError } from './helm';
import { layout } from './paths';
import { podTemplateOf } from './policy';
import { readValuesFile, valueAt } from './profiles';
import { parseRender } from './render';
import { PRODUCT_IMAGE } from './values-schema';

/**
 * skaffold cannot run here, so skaffold.yaml is checked against what exists:
 *   artifact-dockerfile      every artifact's docker.dockerfile exists, relative to its context (a `.build/*` context
 *                            is staged by a hook before the build: it need not exist, but its hook's script must)
 *   artifact-context         a non-staged context exists
 *   duplicate-artifact       one artifact per image
 *   release-chart            the helm release deploys the chart (deploy.helm.releases[].chartPath exists)
 *   values-file-missing      every valuesFiles entry (also those added by profiles) exists
 *   set-value-unknown-key    every setValueTemplates key exists in the chart's values.yaml
 *   artifact-not-consumed    every artifact's image reaches a container: the chart is rendered with skaffold's
 *                            setValueTemplates filled with probe references (per skaffold profile too), and each
 *                            artifact's probe image must appear in at least one render
 *   image-without-artifact   every product image (`hsa-*`) a render contains is one of those probes: an enabled
 *                            component whose image skaffold does not build (or does not set) fails
 */

type Json = Record<string, unknown>;
const isMap = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export interface Artifact {
  image: string;
  context: string;
  dockerfile: string;
  hooks: unknown;
  docker: boolean;
}

/** The docker artifacts of a skaffold config. */
export function artifactsOf(config: Json): Artifact[] {
  return list(valueAt(config, 'build.artifacts'))
    .filter(isMap)
    .map((a) => ({
      image: String(a.image ?? ''),
      context: typeof a.context === 'string' ? a.context : '.',
      dockerfile: isMap(a.docker) && typeof a.docker.dockerfile === 'string' ? a.docker.dockerfile : 'Dockerfile',
      hooks: a.hooks,
      docker: isMap(a.docker),
    }));
}

/** skaffold's template name of an image: `IMAGE_REPO_<name with every non-alphanumeric as _>`. */
export const templateName = (image: string) => image.replace(/[^A-Za-z0-9]/g, '_');

export const PROBE_REGISTRY = 'probe.skaffold.invalid';
const PROBE_DIGEST = `sha256:${'0'.repeat(64)}`;

/**
 * Evaluates a setValueTemplates value as skaffold would, offline: image templates (`{{.IMAGE_REPO_<name>}}`,
 * `_TAG_`, `_DIGEST_`, `_FULLY_QUALIFIED_`) become probe references of that artifact; environment templates become
 * their default (`{{default "x" .NAME}}`, so the result does not depend on this machine's environment) or empty
 * (`{{.NAME}}`). `unknownImages` lists image templates naming no artifact; `unsupported` any other template.
 */
export function fillTemplates(template: string, artifacts: Map<string, string>): { value: string; unknownImages: string[]; unsupported: string[] } {
  const unknownImages: string[] = [];
  const unsupported: string[] = [];
  const value = template.replace(/\{\{(.*?)\}\}/g, (whole, inner: string) => {
    const expression = inner.trim();
    const image = /^\.IMAGE_(REPO|TAG|DIGEST|FULLY_QUALIFIED)_([A-Za-z0-9_]+)$/.exec(expression);
    if (image) {
      const [, part, name] = image as unknown as [string, string, string];
      const artifact = artifacts.get(name);
      if (!artifact) {
        unknownImages.push(name);
        return '';
      }
      const repo = `${PROBE_REGISTRY}/${artifact}`;
      const tag = `probe-${name}`;
      if (part === 'REPO') return repo;
      if (part === 'TAG') return tag;
      if (part === 'DIGEST') return PROBE_DIGEST;
      return `${repo}:${tag}@${PROBE_DIGEST}`;
    }
    const withDefault = /^default\s+"((?:[^"\\]|\\.)*)"\s+\.[A-Za-z_][A-Za-z0-9_]*$/.exec(expression);
    if (withDefault) return JSON.parse(`"${withDefault[1]!}"`) as string;
    if (/^\.[A-Za-z_][A-Za-z0-9_]*$/.test(expression)) return '';
    unsupported.push(whole);
    return '';
  });
  return { value, unknownImages, unsupported };
}

/** A value for helm's --set, which splits on commas and reads backslashes. */
const setEscaped = (value: string) => value.replace(/\\/g, '\\\\').replace(/,/g, '\\,');

/** A minimal RFC 6902 JSON patch (add, replace, remove), as skaffold profiles use it. */
export function applyPatch(document: Json, patch: Json): void {
  const pointer = String(patch.path ?? '')
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = pointer.pop();
  let parent: unknown = document;
  for (const key of pointer) parent = Array.isArray(parent) ? parent[Number(key)] : isMap(parent) ? parent[key] : undefined;
  if (last === undefined || parent === undefined) throw new Error(`patch path ${String(patch.path)} does not exist`);
  if (Array.isArray(parent)) {
    const index = last === '-' ? parent.length : Number(last);
    if (patch.op === 'add') parent.splice(index, 0, patch.value);
    else if (patch.op === 'replace') parent[index] = patch.value;
    else if (patch.op === 'remove') parent.splice(index, 1);
    else throw new Error(`patch op ${String(patch.op)} is not supported here`);
  } else if (isMap(parent)) {
    if (patch.op === 'add' || patch.op === 'replace') parent[last] = patch.value;
    else if (patch.op === 'remove') delete parent[last];
    else throw new Error(`patch op ${String(patch.op)} is not supported here`);
  } else {
    throw new Error(`patch path ${String(patch.path)} does not exist`);
  }
}

/** The config as a skaffold profile makes it: its `build`/`deploy` replace the config's, then its patches apply. */
export function withProfile(config: Json, profile: Json): Json {
  const result = structuredClone(config);
  for (const section of ['build', 'deploy', 'manifests']) if (profile[section] !== undefined) result[section] = structuredClone(profile[section]);
  for (const patch of list(profile.patches).filter(isMap)) applyPatch(result, patch);
  return result;
}

const scriptArgs = (hooks: unknown): string[] =>
  list(valueAt(isMap(hooks) ? hooks : {}, 'before'))
    .filter(isMap)
    .flatMap((h) => list(h.command).map(String))
    .filter((arg) => /\.(?:m?js|cjs|ts|sh)$/.test(arg));

function checkArtifacts(root: string, artifacts: Artifact[], fail: (rule: string, message: string) => void): void {
  const seen = new Set<string>();
  for (const artifact of artifacts) {
    const label = `artifact ${artifact.image || '(no image)'}`;
    if (seen.has(artifact.image)) fail('duplicate-artifact', `${label} is declared twice`);
    seen.add(artifact.image);
    if (!artifact.docker) fail('artifact-dockerfile', `${label} does not build with docker (docker.dockerfile)`);
    const staged = artifact.context === '.build' || artifact.context.startsWith('.build/');
    const dockerfile = path.normalize(path.join(artifact.context, artifact.dockerfile));
    if (staged) {
      const scripts = scriptArgs(artifact.hooks);
      if (!scripts.length) fail('artifact-context', `${label}: context ${artifact.context} is staged, but no hooks.before command (a script) makes it`);
      for (const script of scripts) if (!existsSync(path.join(root, script))) fail('artifact-context', `${label}: its staging hook runs ${script}, which does not exist`);
    } else if (!existsSync(path.join(root, artifact.context))) {
      fail('artifact-context', `${label}: context ${artifact.context} does not exist`);
    }
    const insideStaged = dockerfile === '.build' || dockerfile.startsWith(`.build${path.sep}`);
    if (!(staged && insideStaged) && !existsSync(path.join(root, dockerfile))) {
      fail('artifact-dockerfile', `${label}: docker.dockerfile ${artifact.dockerfile} (relative to context ${artifact.context}) is ${dockerfile}, which does not exist`);
    }
  }
}

interface ProbeRender {
  profile: string;
  /** Container images with the template that rendered them. */
  images: { image: string; file: string; object: string }[];
}

/** Checks skaffold.yaml against the checked root; returns the artifact images (for the Dockerfile check). */
export async function checkSkaffold(root: string): Promise<{ failures: Failure[]; artifactImages: string[]; renders: number }> {
  const file = layout.skaffold;
  const failures: Failure[] = [];
  const fail = (rule: string, message: string, extra: Partial<Failure> = {}) => failures.push({ check: 'skaffold', rule, file, message, ...extra });
  if (!existsSync(path.join(root, file))) {
    fail('skaffold-missing', `there is no ${file} at the root`);
    return { failures, artifactImages: [], renders: 0 };
  }
  const docs = parseAllDocuments(readFileSync(path.join(root, file), 'utf8'));
  const broken = docs.find((d) => d.errors.length);
  if (broken) {
    fail('skaffold-yaml', `does not parse: ${broken.errors[0]!.message}`);
    return { failures, artifactImages: [], renders: 0 };
  }
  const configs = docs.map((d) => d.toJS() as unknown).filter(isMap).filter((c) => c.kind === 'Config');
  if (!configs.length) {
    fail('skaffold-yaml', 'holds no skaffold Config (kind: Config)');
    return { failures, artifactImages: [], renders: 0 };
  }

  const artifacts = configs.flatMap(artifactsOf);
  checkArtifacts(root, artifacts, fail);
  const byTemplateName = new Map(artifacts.map((a) => [templateName(a.image), a.image]));

  const chartPresent = existsSync(path.join(root, layout.chart, 'Chart.yaml'));
  const chartValues = chartPresent ? readValuesFile(path.join(root, layout.chart, 'values.yaml')) : {};
  const name = chartPresent ? chartName(root) : '';

  // Every variant skaffold can deploy: each config as is, and under each of its profiles.
  const variants = configs.flatMap((config) => [
    { profile: '(no profile)', config },
    ...list(config.profiles)
      .filter(isMap)
      .map((profile) => {
        try {
          return { profile: `profile ${String(profile.name)}`, config: withProfile(config, profile) };
        } catch (err) {
          fail('skaffold-profile', `profile ${String(profile.name)}: ${(err as Error).message}`);
          return undefined;
        }
      })
      .filter((v) => v !== undefined),
  ]);

  const renderTasks: (() => Promise<ProbeRender | undefined>)[] = [];
  const reportedKeys = new Set<string>();
  for (const { profile, config } of variants) {
    for (const release of list(valueAt(config, 'deploy.helm.releases')).filter(isMap)) {
      const chartPath = String(release.chartPath ?? '');
      if (path.normalize(chartPath) !== path.normalize(layout.chart)) {
        fail('release-chart', `${profile}: release ${String(release.name)} deploys ${chartPath || '(no chartPath)'}, not the chart at ${layout.chart}`);
        continue;
      }
      const valuesFiles = list(release.valuesFiles).map(String);
      const missingFiles = valuesFiles.filter((f) => !existsSync(path.join(root, f)));
      for (const f of missingFiles) fail('values-file-missing', `${profile}: valuesFiles names ${f}, which does not exist`);
      const sets: string[] = [];
      for (const [key, template] of Object.entries(isMap(release.setValueTemplates) ? release.setValueTemplates : {})) {
        if (chartPresent && valueAt(chartValues, key) === undefined && !reportedKeys.has(key)) {
          reportedKeys.add(key);
          fail('set-value-unknown-key', `setValueTemplates sets ${key}, which the chart's values.yaml does not have`);
        }
        const filled = fillTemplates(String(template), byTemplateName);
        for (const unknown of filled.unknownImages) fail('artifact-not-consumed', `${profile}: setValueTemplates ${key} names image template ${unknown}, which is no artifact`);
        for (const expression of filled.unsupported) fail('set-value-template', `${profile}: setValueTemplates ${key}: ${expression} cannot be evaluated offline (use image templates, {{.ENV}} or {{default "..." .ENV}})`);
        // skaffold passes setValueTemplates as --set (so "true" is a boolean), and so does this probe.
        sets.push('--set', `${key}=${setEscaped(filled.value)}`);
      }
      for (const [key, value] of Object.entries(isMap(release.setValues) ? release.setValues : {})) sets.push('--set', `${key}=${setEscaped(String(value))}`);
      if (!chartPresent || missingFiles.length) continue;
      renderTasks.push(async () => {
        const result = await helm(['template', String(release.name ?? RELEASE), layout.chart, ...valuesFiles.flatMap((f) => ['-f', f]), ...sets], root);
        if (result.code !== 0) {
          fail('release-render', `${profile}: the chart does not render with skaffold's values: ${helmError(result.stderr).split('\n').slice(0, 3).join(' ')}`);
          return undefined;
        }
        const images = parseRender(result.stdout, name, layout.chart).objects.flatMap((object) => {
          const pod = podTemplateOf(object);
          if (!pod) return [];
          return [...list(pod.spec.initContainers), ...list(pod.spec.containers)]
            .filter(isMap)
            .map((c) => ({ image: String(c.image ?? ''), file: object.file, object: object.id }));
        });
        return { profile, images };
      });
    }
  }
  const renders = (await limited(renderTasks)).filter((r) => r !== undefined);

  if (renders.length) {
    for (const artifact of artifacts) {
      const probe = `${PROBE_REGISTRY}/${artifact.image}`;
      const consumed = renders.some((r) => r.images.some(({ image }) => image.startsWith(`${probe}:`) || image.startsWith(`${probe}@`)));
      if (!consumed) {
        fail('artifact-not-consumed', `artifact ${artifact.image}: no rendered container uses it in any skaffold profile (setValueTemplates must set a component's image.repository/tag to {{.IMAGE_REPO_${templateName(artifact.image)}}}/{{.IMAGE_TAG_${templateName(artifact.image)}}})`);
      }
    }
    const reported = new Set<string>();
    for (const render of renders) {
      for (const { image, file: template, object } of render.images) {
        const repository = image.replace(/@.*$/, '').replace(/:[^:/]*$/, '');
        if (image.startsWith(`${PROBE_REGISTRY}/`) || !PRODUCT_IMAGE.test(repository)) continue;
        const key = `${object}|${image}`;
        if (reported.has(key)) continue;
        reported.add(key);
        failures.push({
          check: 'skaffold',
          rule: 'image-without-artifact',
          file: template,
          object,
          profile: `skaffold ${render.profile}`,
          message: `uses ${image}, which skaffold does not build and set (no artifact ${repository.slice(repository.lastIndexOf('/') + 1)} wired through setValueTemplates)`,
        });
      }
    }
  }
  return { failures, artifactImages: artifacts.map((a) => a.image), renders: renders.length };
}

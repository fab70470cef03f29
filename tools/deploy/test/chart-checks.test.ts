import { afterEach, describe, expect, it } from 'vitest';
import { checkChart } from '../src/chart';
import type { Failure } from '../src/failure';
import { CHART, COMPONENTS, copyFixture, expectFailures, ofRule, type FixtureCopy } from './support/fixture';

/**
 * Each test breaks one thing in a copy of the good fixture and asserts the exact check, rule, file and object
 * reported. Most render the chart defaults only (the profiles are the full test's job).
 */
const defaultsOnly = { profiles: (p: { name: string }) => p.name === 'defaults' };

describe('chart checks find what is broken, and name the template and rule', () => {
  let copy: FixtureCopy;
  afterEach(() => copy.cleanup());
  const check = async (options = defaultsOnly): Promise<Failure[]> => (await checkChart(copy.root, options)).failures;

  it('a container without resources', async () => {
    copy = copyFixture();
    copy.replace(COMPONENTS, /          resources:\n            \{\{- toYaml \$c.resources \| nindent 12 \}\}\n/, '');
    const failures = await check();
    expect(ofRule(failures, 'resources').map((f) => [f.object, f.file, f.profile, f.message])).toEqual([
      ['Deployment/hsa-gateway', COMPONENTS, 'defaults', 'container "gateway": resources requests.cpu, requests.memory, limits.memory not set'],
      ['Deployment/hsa-property', COMPONENTS, 'defaults', 'container "property": resources requests.cpu, requests.memory, limits.memory not set'],
    ]);
    expect(failures).toHaveLength(2);
  });

  it('a misspelt field (imagePullPolicyy), with every other unknown field in the same container', async () => {
    copy = copyFixture();
    copy.replace(COMPONENTS, 'imagePullPolicy: {{ $c.image.pullPolicy }}', 'imagePullPolicyy: {{ $c.image.pullPolicy }}');
    // A second unknown field deeper in the same container: TypeScript reports one per branch, the check finds both.
    copy.replace(COMPONENTS, '              containerPort: {{ $c.port }}', '              containerPort: {{ $c.port }}\n              hostPortt: 1');
    const failures = await check();
    expect(failures.map((f) => [f.check, f.rule, f.file, f.object, f.message]).sort()).toEqual(
      [
        ['unknown-field', 'unknown-field', COMPONENTS, 'Deployment/hsa-gateway', 'spec.template.spec.containers[0].imagePullPolicyy is not a field of apps/v1 Deployment'],
        ['unknown-field', 'unknown-field', COMPONENTS, 'Deployment/hsa-gateway', 'spec.template.spec.containers[0].ports[0].hostPortt is not a field of apps/v1 Deployment'],
        ['unknown-field', 'unknown-field', COMPONENTS, 'Deployment/hsa-property', 'spec.template.spec.containers[0].imagePullPolicyy is not a field of apps/v1 Deployment'],
        ['unknown-field', 'unknown-field', COMPONENTS, 'Deployment/hsa-property', 'spec.template.spec.containers[0].ports[0].hostPortt is not a field of apps/v1 Deployment'],
      ].sort(),
    );
  });

  it('an object rendered the same by several profiles is reported once, naming them all', async () => {
    copy = copyFixture();
    copy.replace(`${CHART}/templates/networkpolicies.yaml`, 'policyTypes:', 'policyTypez:');
    copy.replace(`${CHART}/ci/features-off-values.yaml`, 'enabled: false', 'enabled: true');
    const failures = await check({ profiles: () => true });
    expect(ofRule(failures, 'unknown-field')).toEqual([
      expect.objectContaining({
        file: `${CHART}/templates/networkpolicies.yaml`,
        object: 'NetworkPolicy/hsa-default-deny',
        profile: 'defaults, external, dev, ci/features-off',
        message: 'spec.policyTypez is not a field of networking.k8s.io/v1 NetworkPolicy',
      }),
    ]);
  });

  it('a root user: runAsNonRoot false and runAsUser 0', async () => {
    copy = copyFixture();
    copy.replace(`${CHART}/templates/_helpers.tpl`, 'runAsNonRoot: true\nrunAsUser: 65532', 'runAsNonRoot: false\nrunAsUser: 0');
    copy.replace(`${CHART}/templates/_helpers.tpl`, 'runAsNonRoot: true\nreadOnlyRootFilesystem', 'readOnlyRootFilesystem');
    const failures = await check();
    const rootFailures = ofRule(failures, 'run-as-non-root');
    expect(new Set(rootFailures.map((f) => f.object))).toEqual(new Set(['Deployment/hsa-gateway', 'Deployment/hsa-property', 'StatefulSet/hsa-postgresql']));
    expectFailures(
      failures,
      { check: 'policy', rule: 'run-as-non-root', file: COMPONENTS, object: 'Deployment/hsa-property', message: 'initContainer "data": securityContext.runAsNonRoot is not true (container or pod level)' },
      { check: 'policy', rule: 'run-as-non-root', file: COMPONENTS, object: 'Deployment/hsa-gateway', message: 'container "gateway": runs as user 0 (root)' },
      { check: 'policy', rule: 'run-as-non-root', file: `${CHART}/templates/postgresql.yaml`, object: 'StatefulSet/hsa-postgresql' },
    );
    expect(failures.every((f) => f.rule === 'run-as-non-root')).toBe(true);
  });

  it('each container hardening rule: read-only root, privilege escalation, capabilities, seccomp', async () => {
    copy = copyFixture();
    copy.replace(`${CHART}/templates/_helpers.tpl`, 'readOnlyRootFilesystem: true\nallowPrivilegeEscalation: false\ncapabilities:\n  drop: [ALL]', 'privileged: true\ncapabilities:\n  drop: [NET_RAW]');
    copy.replace(`${CHART}/templates/_helpers.tpl`, 'seccompProfile:\n  type: RuntimeDefault', 'seccompProfile:\n  type: Unconfined');
    const failures = await check();
    const gateway = failures.filter((f) => f.object === 'Deployment/hsa-gateway').map((f) => `${f.rule}: ${f.message}`);
    expect(gateway.sort()).toEqual(
      [
        'read-only-root-filesystem: container "gateway": securityContext.readOnlyRootFilesystem is not true',
        'no-privilege-escalation: container "gateway": securityContext.allowPrivilegeEscalation is not false',
        'no-privilege-escalation: container "gateway": securityContext.privileged is true',
        'drop-all-capabilities: container "gateway": securityContext.capabilities.drop does not contain ALL',
        'seccomp-runtime-default: container "gateway": seccompProfile.type is "Unconfined", not RuntimeDefault (container or pod level)',
      ].sort(),
    );
  });

  it('probes missing on a long-running container (not on an initContainer)', async () => {
    copy = copyFixture();
    copy.replace(`${CHART}/templates/postgresql.yaml`, /          readinessProbe:\n.*\n          livenessProbe:\n.*\n/, '');
    const failures = await check();
    expect(failures).toEqual([
      expect.objectContaining({ rule: 'probes', file: `${CHART}/templates/postgresql.yaml`, object: 'StatefulSet/hsa-postgresql', message: 'container "postgresql": no livenessProbe and no readinessProbe' }),
    ]);
  });

  it('latest and untagged images, in the profile that sets them', async () => {
    copy = copyFixture();
    copy.write(`${CHART}/ci/images-values.yaml`, 'gateway:\n  image: {repository: hsa-gateway, tag: latest}\npostgresql:\n  image: {repository: postgres, tag: ""}\n');
    const failures = await check({ profiles: (p) => p.name === 'ci/images' });
    expect(failures.map((f) => [f.rule, f.profile, f.object, f.message])).toEqual([
      ['image-tag', 'ci/images', 'Deployment/hsa-gateway', 'container "gateway": image "hsa-gateway:latest" uses the tag "latest"'],
      ['image-tag', 'ci/images', 'StatefulSet/hsa-postgresql', 'container "postgresql": image "postgres:" has an empty tag'],
    ]);
  });

  it('a service account token mounted without a reason, and the annotation that allows it', async () => {
    copy = copyFixture();
    copy.replace(`${CHART}/templates/postgresql.yaml`, '      automountServiceAccountToken: false\n', '');
    let failures = await check();
    expect(failures).toEqual([
      expect.objectContaining({
        rule: 'service-account-token',
        object: 'StatefulSet/hsa-postgresql',
        message: 'the pod leaves automountServiceAccountToken unset and its ServiceAccount "default" is not in the chart (a token is mounted): set it false',
      }),
    ]);
    copy.replace(`${CHART}/templates/postgresql.yaml`, '    metadata:\n      labels:', '    metadata:\n      annotations:\n        deploy-check.hsa/service-account-token: "reads the Kubernetes API"\n      labels:');
    failures = await check();
    expect(failures).toEqual([]);
  });

  it('NetworkPolicies: enabled but none selects a workload, and the switch missing from values.yaml', async () => {
    copy = copyFixture();
    copy.replace(`${CHART}/templates/networkpolicies.yaml`, 'app.kubernetes.io/part-of: home-seller-analyzer', 'app.kubernetes.io/name: gateway');
    let failures = await check();
    expect(failures.map((f) => [f.rule, f.object]).sort()).toEqual([
      ['network-policy', 'Deployment/hsa-property'],
      ['network-policy', 'StatefulSet/hsa-postgresql'],
    ]);
    copy.replace(`${CHART}/templates/networkpolicies.yaml`, '{{- if .Values.networkPolicy.enabled }}', '{{- if false }}');
    failures = await check();
    expect(failures).toContainEqual(expect.objectContaining({ rule: 'network-policy', file: `${CHART}/values.yaml`, message: 'networkPolicy.enabled is true but no NetworkPolicy is rendered' }));
    copy.write(`${CHART}/values.yaml`, copy.read(`${CHART}/values.yaml`).replace('networkPolicy:\n  enabled: true\n', ''));
    failures = await check();
    expect(failures).toContainEqual(
      expect.objectContaining({ rule: 'network-policy', file: `${CHART}/values.yaml`, message: 'values.yaml has no networkPolicy.enabled switch (true or false)' }),
    );
  });

  it('Kubernetes schema: a wrong type, a missing required field, an unknown kind', async () => {
    copy = copyFixture();
    copy.replace(COMPONENTS, 'replicas: {{ $c.replicas }}', 'replicas: "{{ $c.replicas }}"');
    copy.replace(COMPONENTS, '        - name: {{ $name }}\n', '        - \n');
    copy.replace(`${CHART}/templates/networkpolicies.yaml`, 'kind: NetworkPolicy', 'kind: NetworkPolicyy');
    const failures = (await check()).filter((f) => f.check === 'schema');
    expect(failures.map((f) => [f.rule, f.file, f.object, f.message]).sort()).toEqual(
      [
        ['type', COMPONENTS, 'Deployment/hsa-gateway', '/spec/replicas must be integer'],
        ['type', COMPONENTS, 'Deployment/hsa-property', '/spec/replicas must be integer'],
        ['required-field', COMPONENTS, 'Deployment/hsa-gateway', '/spec/template/spec/containers/0 must have required property name'],
        ['required-field', COMPONENTS, 'Deployment/hsa-property', '/spec/template/spec/containers/0 must have required property name'],
        ['unknown-kind', `${CHART}/templates/networkpolicies.yaml`, 'NetworkPolicyy/hsa-default-deny', 'networking.k8s.io/v1 NetworkPolicyy is not a Kubernetes kind (kubernetes-models has no schema for it)'],
      ].sort(),
    );
  });

  it('a bad values type in a profile: refused by values.schema.json, naming the profile file', async () => {
    copy = copyFixture();
    copy.write(`${CHART}/ci/bad-values.yaml`, 'gateway:\n  replicas: two\n');
    const failures = await check({ profiles: (p) => p.name === 'ci/bad' });
    expect(failures).toEqual([
      expect.objectContaining({ check: 'values-schema', rule: 'values-rejected', file: `${CHART}/ci/bad-values.yaml`, profile: 'ci/bad' }),
    ]);
    expect(failures[0]!.message).toMatch(/at '\/gateway\/replicas': got string, want integer/);
  });

  it('a template error and a lint warning, with the template and line', async () => {
    copy = copyFixture();
    copy.replace(COMPONENTS, '{{- $c := index $.Values $name }}', '{{- $c := index $.Values $name | nosuchfunction }}');
    const failures = await check();
    expectFailures(
      failures,
      { check: 'lint', rule: 'lint-error', file: COMPONENTS, line: 2 },
      { check: 'render', rule: 'template-error', file: COMPONENTS, line: 2, profile: 'defaults' },
    );
    copy.cleanup();
    copy = copyFixture();
    copy.replace(`${CHART}/Chart.yaml`, 'icon: https://example.test/icon.svg\n', '');
    // --strict: the icon recommendation is INFO, not a failure; a missing Chart.yaml field is.
    expect(await check()).toEqual([]);
    copy.replace(`${CHART}/Chart.yaml`, 'version: 0.1.0\n', '');
    expectFailures(await check(), { check: 'lint', rule: 'lint-error', file: `${CHART}/Chart.yaml` });
  });

  it('a missing values profile file', async () => {
    copy = copyFixture();
    copy.remove('helm/values-dev.yaml');
    const failures = await check();
    expect(failures).toEqual([expect.objectContaining({ check: 'chart', rule: 'profile-missing', file: 'helm/values-dev.yaml' })]);
  });
});

import type { Failure } from './failure';
import type { RenderedObject } from './render';

/**
 * The product's own rules for what the chart renders (issue 9, "Security" and "Checks that run here"). Every rule
 * has a stable name; a failure names the profile, the object, the template and the container.
 *
 * Containers (every container and initContainer of every pod template):
 *   run-as-non-root            securityContext.runAsNonRoot true (container, else pod level) and no runAsUser 0
 *   read-only-root-filesystem  securityContext.readOnlyRootFilesystem true
 *   no-privilege-escalation    securityContext.allowPrivilegeEscalation false, and not privileged
 *   drop-all-capabilities      securityContext.capabilities.drop contains ALL
 *   seccomp-runtime-default    seccompProfile.type RuntimeDefault (container, else pod level)
 *   resources                  requests.cpu, requests.memory and limits.memory set
 *   probes                     livenessProbe and readinessProbe (long-running workloads' containers only)
 *   image-tag                  an image with a tag other than `latest`, or a digest
 * Pods:
 *   service-account-token      automountServiceAccountToken false (pod, else its rendered ServiceAccount), unless the
 *                              pod template is annotated `deploy-check.hsa/service-account-token: <why it needs it>`
 * Release:
 *   network-policy             with networkPolicy.enabled: NetworkPolicy objects exist and select every workload's pods
 */

/** The annotation on a pod template that says why it needs a service account token (and so may mount one). */
export const SERVICE_ACCOUNT_TOKEN_ANNOTATION = 'deploy-check.hsa/service-account-token';

type Json = Record<string, unknown>;

const LONG_RUNNING = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet']);

interface PodTemplate {
  object: RenderedObject;
  metadata: Json;
  spec: Json;
  longRunning: boolean;
}

const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(obj) : []);

/** The pod template of a workload (Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob) or a bare Pod. */
export function podTemplateOf(object: RenderedObject): PodTemplate | undefined {
  const spec = obj(object.body.spec);
  if (object.kind === 'Pod') return { object, metadata: obj(object.body.metadata), spec, longRunning: !isHook(obj(object.body.metadata)) };
  if (object.kind === 'CronJob') {
    const template = obj(obj(obj(spec.jobTemplate).spec).template);
    return { object, metadata: obj(template.metadata), spec: obj(template.spec), longRunning: false };
  }
  if (LONG_RUNNING.has(object.kind) || object.kind === 'Job') {
    const template = obj(spec.template);
    return { object, metadata: obj(template.metadata), spec: obj(template.spec), longRunning: LONG_RUNNING.has(object.kind) };
  }
  return undefined;
}

function isHook(metadata: Json): boolean {
  return typeof obj(metadata.annotations)['helm.sh/hook'] === 'string';
}

/** Whether an image reference names a tag other than `latest`, or a digest. */
export function imageProblem(image: unknown): string | undefined {
  if (typeof image !== 'string' || !image.trim()) return 'has no image';
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return undefined;
  // The tag is after the last ':' of the last path segment (a registry host may carry a port).
  const lastSegment = image.slice(image.lastIndexOf('/') + 1);
  const colon = lastSegment.lastIndexOf(':');
  if (colon < 0) return `image "${image}" has no tag (it would pull :latest)`;
  const tag = lastSegment.slice(colon + 1);
  if (!tag) return `image "${image}" has an empty tag`;
  if (tag === 'latest') return `image "${image}" uses the tag "latest"`;
  return undefined;
}

function containerFailures(pod: PodTemplate, container: Json, init: boolean, fail: (rule: string, message: string) => void): void {
  const sc = obj(container.securityContext);
  const podSc = obj(pod.spec.securityContext);
  const name = `${init ? 'initContainer' : 'container'} "${String(container.name ?? '?')}"`;

  const runAsNonRoot = sc.runAsNonRoot ?? podSc.runAsNonRoot;
  const runAsUser = sc.runAsUser ?? podSc.runAsUser;
  if (runAsNonRoot !== true) fail('run-as-non-root', `${name}: securityContext.runAsNonRoot is not true (container or pod level)`);
  if (runAsUser === 0) fail('run-as-non-root', `${name}: runs as user 0 (root)`);
  if (sc.readOnlyRootFilesystem !== true) fail('read-only-root-filesystem', `${name}: securityContext.readOnlyRootFilesystem is not true`);
  if (sc.allowPrivilegeEscalation !== false) fail('no-privilege-escalation', `${name}: securityContext.allowPrivilegeEscalation is not false`);
  if (sc.privileged === true) fail('no-privilege-escalation', `${name}: securityContext.privileged is true`);
  const drop = obj(sc.capabilities).drop;
  if (!Array.isArray(drop) || !drop.includes('ALL')) fail('drop-all-capabilities', `${name}: securityContext.capabilities.drop does not contain ALL`);
  const seccomp = obj(sc.seccompProfile).type ?? obj(podSc.seccompProfile).type;
  if (seccomp !== 'RuntimeDefault') fail('seccomp-runtime-default', `${name}: seccompProfile.type is ${seccomp === undefined ? 'unset' : `"${String(seccomp)}"`}, not RuntimeDefault (container or pod level)`);

  const resources = obj(container.resources);
  const missing = [
    obj(resources.requests).cpu === undefined && 'requests.cpu',
    obj(resources.requests).memory === undefined && 'requests.memory',
    obj(resources.limits).memory === undefined && 'limits.memory',
  ].filter(Boolean);
  if (missing.length) fail('resources', `${name}: resources ${missing.join(', ')} not set`);

  if (pod.longRunning && !init) {
    const probes = [!container.livenessProbe && 'livenessProbe', !container.readinessProbe && 'readinessProbe'].filter(Boolean);
    if (probes.length) fail('probes', `${name}: no ${probes.join(' and no ')}`);
  }

  const image = imageProblem(container.image);
  if (image) fail('image-tag', `${name}: ${image}`);
}

/** Kubernetes label selector semantics (matchLabels and matchExpressions); an empty selector selects everything. */
export function selects(selector: Json, labels: Record<string, unknown>): boolean {
  for (const [key, value] of Object.entries(obj(selector.matchLabels))) if (labels[key] !== value) return false;
  for (const expression of list(selector.matchExpressions)) {
    const key = String(expression.key);
    const values = Array.isArray(expression.values) ? expression.values : [];
    const has = key in labels;
    switch (expression.operator) {
      case 'In':
        if (!has || !values.includes(labels[key])) return false;
        break;
      case 'NotIn':
        if (has && values.includes(labels[key])) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

function serviceAccountFailures(pod: PodTemplate, serviceAccounts: Map<string, Json>, fail: (rule: string, message: string) => void): void {
  const reason = obj(pod.metadata.annotations)[SERVICE_ACCOUNT_TOKEN_ANNOTATION];
  if (typeof reason === 'string' && reason.trim()) return;
  if (pod.spec.automountServiceAccountToken === false) return;
  if (pod.spec.automountServiceAccountToken === true) {
    fail('service-account-token', `the pod mounts a service account token (automountServiceAccountToken: true) without the annotation ${SERVICE_ACCOUNT_TOKEN_ANNOTATION} saying why`);
    return;
  }
  const accountName = String(pod.spec.serviceAccountName ?? 'default');
  const account = serviceAccounts.get(accountName);
  if (account?.automountServiceAccountToken === false) return;
  fail(
    'service-account-token',
    account
      ? `the pod and its ServiceAccount ${accountName} leave automountServiceAccountToken unset (a token is mounted): set it false`
      : `the pod leaves automountServiceAccountToken unset and its ServiceAccount "${accountName}" is not in the chart (a token is mounted): set it false`,
  );
}

/**
 * Every policy failure of one profile's rendered objects. `networkPolicyEnabled` is the profile's merged
 * networkPolicy.enabled; `valuesFile` is named when the release as a whole fails a rule.
 */
export function checkPolicy(
  objects: RenderedObject[],
  options: { profile: string; networkPolicyEnabled: boolean; valuesFile: string },
): Failure[] {
  const { profile, networkPolicyEnabled } = options;
  const failures: Failure[] = [];
  const serviceAccounts = new Map(objects.filter((o) => o.kind === 'ServiceAccount').map((o) => [o.name, o.body]));
  const pods = objects.map(podTemplateOf).filter((p): p is PodTemplate => p !== undefined);

  for (const pod of pods) {
    const fail = (rule: string, message: string) =>
      failures.push({ check: 'policy', rule, file: pod.object.file, profile, object: pod.object.id, message });
    for (const container of list(pod.spec.initContainers)) containerFailures(pod, container, true, fail);
    for (const container of list(pod.spec.containers)) containerFailures(pod, container, false, fail);
    serviceAccountFailures(pod, serviceAccounts, fail);
  }

  if (networkPolicyEnabled) {
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
    if (!policies.length) {
      failures.push({ check: 'policy', rule: 'network-policy', file: options.valuesFile, profile, message: 'networkPolicy.enabled is true but no NetworkPolicy is rendered' });
    }
    for (const pod of pods.filter((p) => p.longRunning)) {
      const labels = obj(pod.metadata.labels);
      const covered = policies.some((p) => selects(obj(obj(p.body.spec).podSelector), labels));
      if (!covered) {
        failures.push({
          check: 'policy',
          rule: 'network-policy',
          file: pod.object.file,
          profile,
          object: pod.object.id,
          message: 'networkPolicy.enabled is true but no NetworkPolicy selects these pods',
        });
      }
    }
  }
  return failures;
}

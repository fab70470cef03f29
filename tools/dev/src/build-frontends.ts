/**
 * Builds the frontends (`npm run build -w <package>`), skipping each one whose inputs have not changed since its
 * last build: a content hash of its inputs is stamped into its dist folder. Inputs are the package's own files,
 * every workspace package it depends on (transitively), the sources of every other front end (the shared antd
 * components and the react-router subset are read from all of them: see frontends/kit/build), the lockfile and the
 * base tsconfig.
 *
 * Usage: node tools/dev/dist/build-frontends.js [--force] [package-folder...]   (default: every frontend with a build script)
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

const STAMP = '.build-stamp';
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'test-results', '.cache', 'coverage']);

interface Workspace {
  name: string;
  dir: string;
  manifest: { name: string; scripts?: Record<string, string>; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
}

export function listWorkspaces(root = repoRoot): Map<string, Workspace> {
  const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  const all = new Map<string, Workspace>();
  for (const relative of rootManifest.workspaces) {
    const dir = path.join(root, relative);
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Workspace['manifest'];
    all.set(manifest.name, { name: manifest.name, dir, manifest });
  }
  return all;
}

/** The workspace and every workspace package it depends on, transitively. */
function closure(start: Workspace, all: Map<string, Workspace>): Workspace[] {
  const seen = new Map<string, Workspace>();
  const visit = (ws: Workspace) => {
    if (seen.has(ws.name)) return;
    seen.set(ws.name, ws);
    const deps = { ...ws.manifest.dependencies, ...ws.manifest.devDependencies };
    for (const dep of Object.keys(deps)) {
      const target = all.get(dep);
      if (target) visit(target);
    }
  };
  visit(start);
  return [...seen.values()];
}

function listFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name) || entry.name.endsWith('.tsbuildinfo')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

/** Hash of everything that can change the build output of `ws`. */
export function inputHash(ws: Workspace, all: Map<string, Workspace>, root = repoRoot): string {
  const files = closure(ws, all).flatMap((dep) => listFiles(dep.dir));
  const isFrontend = (w: Workspace) => path.relative(root, w.dir).startsWith(`frontends${path.sep}`);
  if (isFrontend(ws)) {
    for (const other of [...all.values()].filter(isFrontend)) {
      const sources = path.join(other.dir, 'src');
      if (existsSync(sources)) files.push(...listFiles(sources));
    }
  }
  for (const shared of ['package-lock.json', 'tsconfig.base.json', 'frontends/tsconfig.json']) {
    const file = path.join(root, shared);
    if (existsSync(file) && statSync(file).isFile()) files.push(file);
  }
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Frontend workspaces with a build script, shared kits first and the shell (the host) last. */
function defaultTargets(all: Map<string, Workspace>, root: string): Workspace[] {
  const frontends = [...all.values()].filter(
    (ws) => path.relative(root, ws.dir).startsWith(`frontends${path.sep}`) && ws.manifest.scripts?.build,
  );
  const rank = (ws: Workspace) => (path.basename(ws.dir) === 'kit' ? 0 : path.basename(ws.dir) === 'shell' ? 2 : 1);
  return frontends.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

function main(): void {
  const args = process.argv.slice(2);
  const force = args.includes('--force') || process.env.FORCE_BUILD === '1';
  const all = listWorkspaces();
  const named = args.filter((arg) => !arg.startsWith('--'));
  const targets = named.length
    ? named.map((folder) => {
        const ws = [...all.values()].find((w) => w.dir === path.resolve(repoRoot, folder) || w.name === folder);
        if (!ws) throw new Error(`No workspace ${folder}`);
        return ws;
      })
    : defaultTargets(all, repoRoot);

  for (const ws of targets) {
    const began = performance.now();
    const stampFile = path.join(ws.dir, 'dist', STAMP);
    const hash = inputHash(ws, all);
    if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === hash) {
      console.log(`[build] ${ws.name}: up to date`);
      continue;
    }
    console.log(`[build] ${ws.name}: building…`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['run', 'build', '-w', ws.name], { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`[build] ${ws.name}: build failed (${result.error?.message ?? `exit code ${result.status}`})`);
      process.exit(result.status || 1);
    }
    if (!existsSync(path.dirname(stampFile))) {
      console.error(`[build] ${ws.name}: the build wrote no dist folder`);
      process.exit(1);
    }
    writeFileSync(stampFile, hash + '\n');
    console.log(`[build] ${ws.name}: built in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
}

if (require.main === module) main();

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The repository root: the nearest folder above this file whose package.json declares workspaces. */
export function findRepoRoot(start: string = __dirname): string {
  let dir = path.resolve(start);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
      if (pkg.workspaces) return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No workspace root (package.json with "workspaces") above ${start}`);
    dir = parent;
  }
}

export const repoRoot = findRepoRoot();

/** Where `npm start` keeps its state between runs: HSA_DATA_DIR, default <repo>/.data. */
export const dataDir = process.env.HSA_DATA_DIR ? path.resolve(process.env.HSA_DATA_DIR) : path.join(repoRoot, '.data');

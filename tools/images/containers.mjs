// @ts-check
/**
 * Running buildah and podman on this kind of machine (see ../../../shared/ARCHITECTURE.md, "Notes for this
 * machine"): a containers.conf with runc and explicit ulimits (crun fails on the machine's cgroup layout; root lacks
 * CAP_SYS_RESOURCE), the overlay storage driver (vfs would copy every layer), builds with `--isolation chroot`
 * and `--pull=never` (no registry is reachable: base images are made locally).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Scratch space of the image tooling (git-ignored, docker-ignored). */
export const buildDir = path.join(repoRoot, '.build');

/** The environment buildah and podman run with: CONTAINERS_CONF and CONTAINERS_STORAGE_CONF written here. */
export function containersEnv() {
  const dir = path.join(buildDir, 'containers');
  mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'containers.conf');
  const storage = path.join(dir, 'storage.conf');
  writeFileSync(
    conf,
    ['[containers]', 'default_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]', '', '[engine]', 'runtime = "runc"', ''].join('\n'),
  );
  writeFileSync(
    storage,
    ['[storage]', 'driver = "overlay"', 'runroot = "/run/containers/storage"', 'graphroot = "/var/lib/containers/storage"', ''].join('\n'),
  );
  return { ...process.env, CONTAINERS_CONF: conf, CONTAINERS_STORAGE_CONF: storage };
}

/**
 * Runs a command to completion. `quiet` captures its output (returned), otherwise it is streamed with `prefix`.
 * Throws with the command line and its last output when it fails.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, quiet?: boolean, prefix?: string, input?: string, logFile?: import('node:fs').WriteStream }} [options]
 * @returns {Promise<string>}
 */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env ?? process.env, cwd: options.cwd ?? repoRoot, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    const take = (/** @type {Buffer} */ chunk) => {
      const text = chunk.toString('utf8');
      output += text;
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
      options.logFile?.write(text);
      if (!options.quiet && !options.logFile) {
        for (const line of text.split('\n').filter(Boolean)) process.stdout.write(`${options.prefix ?? ''}${line}\n`);
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.stdin.end(options.input ?? '');
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(output);
      const tail = output.trim().split('\n').slice(-25).join('\n');
      reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})\n${tail}`));
    });
  });
}

/**
 * Whether an image exists in local storage.
 * @param {string} name
 * @param {NodeJS.ProcessEnv} env
 */
export function imageExists(name, env) {
  return spawnSync('podman', ['image', 'exists', name], { env, stdio: 'ignore' }).status === 0;
}

/**
 * The size of a local image in bytes (what `podman images` shows).
 * @param {string} name
 * @param {NodeJS.ProcessEnv} env
 */
export function imageSize(name, env) {
  const result = spawnSync('podman', ['image', 'inspect', '--format', '{{.Size}}', name], { env, encoding: 'utf8' });
  return Number(result.stdout.trim());
}

/** The arguments every image build uses here. */
export const budArgs = ['bud', '--isolation', 'chroot', '--pull=never', '--layers'];

#!/usr/bin/env node
// @ts-check
/**
 * npm run images: builds every image of the product on this machine with buildah from local base images, then
 * runs each one read-only as a non-root user against the machine's PostgreSQL and NATS and checks what it must
 * answer (tools/images/smoke.mjs), and prints every image's size and build time. Not part of npm test: a cold run
 * takes many minutes.
 *
 *   npm run images                      # build (layer cache kept between runs) and check every image
 *   npm run images -- --cold            # first remove the product's images and cached layers (not the bases)
 *   npm run images -- --only=gateway,shell
 *   npm run images -- --build-only | --check-only
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), NATS_URL (default
 * nats://127.0.0.1:4222), HSA_DATA_SOURCE (the data folder, default ../shared/data), IMAGE_TAG (default local).
 * A missing prerequisite stops it at once, named, with the command that installs it.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureBaseImages, baseImages } from './base-images.mjs';
import { components, dataImage, imageName } from './components.mjs';
import { budArgs, buildDir, containersEnv, imageSize, repoRoot, run } from './containers.mjs';
import { smokeTest } from './smoke.mjs';
import { stageData } from './stage-data.mjs';

const say = (/** @type {string} */ line) => console.log(`[images] ${line}`);
const args = process.argv.slice(2);
const flag = (/** @type {string} */ name) => args.includes(`--${name}`);
const onlyArg = args.find((a) => a.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',').map((s) => s.trim())) : null;
const tag = process.env.IMAGE_TAG || 'local';
const APT = 'apt-get update && apt-get install -y podman buildah runc uidmap fuse-overlayfs slirp4netns debootstrap';

/** @param {string} command */
function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command} || test -x /usr/sbin/${command}`], { stdio: 'ignore' }).status === 0;
}

/** @param {string} url @param {number} fallbackPort */
function reachable(url, fallbackPort) {
  const { hostname, port } = new URL(url.replace(/^nats:/, 'http:').replace(/^postgres(ql)?:/, 'http:'));
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || fallbackPort) });
    socket.setTimeout(1500, () => (socket.destroy(), resolve(false)));
    socket.on('error', () => resolve(false));
    socket.on('connect', () => (socket.destroy(), resolve(true)));
  });
}

/** Stops at the first missing prerequisite, naming it and how to install it. */
async function checkPrerequisites() {
  const tools = [
    ['podman', 'podman'], ['buildah', 'buildah'], ['runc', 'runc'], ['newuidmap', 'uidmap'],
    ['fuse-overlayfs', 'fuse-overlayfs'], ['slirp4netns', 'slirp4netns'], ['debootstrap', 'debootstrap'],
  ];
  const stop = (/** @type {string} */ message) => {
    console.error(`[images] missing prerequisite: ${message}`);
    process.exit(1);
  };
  for (const [command, pkg] of tools) {
    if (!onPath(command)) stop(`${command} (Debian package ${pkg}). Install them all with: ${APT}`);
  }
  if (process.getuid?.() !== 0) stop('root: buildah and podman run rootful here (debootstrap and overlay storage need it). Run as root.');
  if (!existsSync(path.join(repoRoot, 'node_modules', '@grpc', 'grpc-js'))) stop('the npm dependencies (the checks use @grpc/grpc-js and pg): run npm ci');
  const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!(await reachable(databaseUrl, 5432))) stop(`PostgreSQL at ${databaseUrl} (set DATABASE_URL; Debian: apt-get install postgresql)`);
  const natsUrl = process.env.NATS_URL || 'nats://127.0.0.1:4222';
  if (!(await reachable(natsUrl, 4222))) stop(`NATS with JetStream at ${natsUrl} (set NATS_URL; Debian: apt-get install nats-server, run nats-server -js)`);
}

/** Removes the product's images and every intermediate layer, keeping the base images (a cold build). */
async function forgetBuilds(/** @type {NodeJS.ProcessEnv} */ env) {
  const podman = (/** @type {string[]} */ a) => run('podman', a, { env, quiet: true }).catch(() => '');
  const names = [...Object.keys(components).map(imageName), dataImage].map((n) => `localhost/${n}:${tag}`);
  await podman(['rmi', '-f', '--ignore', ...names]);
  await run('buildah', ['rm', '--all'], { env, quiet: true }).catch(() => '');
  const keep = new Set(Object.values(baseImages));
  const all = (await podman(['images', '-a', '--format', '{{.ID}} {{.Repository}}:{{.Tag}}'])).trim().split('\n').filter(Boolean);
  const ids = all.filter((line) => !keep.has(line.split(' ')[1] ?? '')).map((line) => line.split(' ')[0] ?? '');
  if (ids.length) await podman(['rmi', '-f', ...ids]);
  await run('sh', ['-c', 'rm -rf /var/tmp/buildah-cache-*'], { quiet: true }).catch(() => '');
}

async function main() {
  await checkPrerequisites();
  const env = containersEnv();
  const logs = path.join(buildDir, 'logs');
  mkdirSync(logs, { recursive: true });
  const began = Date.now();

  const baseSeconds = await ensureBaseImages((line) => say(line));
  if (flag('cold')) {
    say('cold build: removing the product images and cached layers');
    await forgetBuilds(env);
  }

  /** @type {{ name: string, image: string, seconds: number | null }[]} */
  const built = [];
  const wanted = (/** @type {string} */ name) => !only || only.has(name);
  if (!flag('check-only')) {
    const buildArgs = ['--build-arg', `BUILD_IMAGE=${baseImages.build}`, '--build-arg', `RUNTIME_IMAGE=${baseImages.runtime}`];
    for (const [name, component] of Object.entries(components)) {
      if (!wanted(name)) continue;
      const image = `localhost/${imageName(name)}:${tag}`;
      const logFile = path.join(logs, `${imageName(name)}.build.log`);
      say(`building ${image} (${path.join(component.dir, 'Dockerfile')}; log ${path.relative(repoRoot, logFile)})`);
      const start = Date.now();
      await run('buildah', [...budArgs, ...buildArgs, '-f', path.join(component.dir, 'Dockerfile'), '-t', image, '.'], {
        env,
        logFile: createWriteStream(logFile),
      });
      built.push({ name, image, seconds: (Date.now() - start) / 1000 });
      say(`built ${image} in ${((Date.now() - start) / 1000).toFixed(0)} s`);
    }
    if (wanted('data')) {
      const image = `localhost/${dataImage}:${tag}`;
      const staged = stageData();
      say(`building ${image} (deploy/data/Dockerfile; context ${path.relative(repoRoot, staged.target)}, ${(staged.bytes / 1e6).toFixed(1)} MB of data)`);
      const start = Date.now();
      await run('buildah', [...budArgs, '--build-arg', `RUNTIME_IMAGE=${baseImages.runtime}`, '-f', path.join(staged.target, 'Dockerfile'), '-t', image, staged.target], {
        env,
        logFile: createWriteStream(path.join(logs, `${dataImage}.build.log`)),
      });
      built.push({ name: 'data', image, seconds: (Date.now() - start) / 1000 });
    }
  }
  const buildSeconds = (Date.now() - began) / 1000;

  const results = flag('build-only') ? [] : await smokeTest({ env, tag, only, say });
  const failed = results.filter((r) => !r.ok);

  const rows = (built.length ? built : [...Object.keys(components), 'data'].filter(wanted).map((name) => ({ name, image: `localhost/${name === 'data' ? dataImage : imageName(name)}:${tag}`, seconds: null }))).map((b) => {
    const checks = results.filter((r) => r.component === b.name);
    return {
      image: b.image.replace(/^localhost\//, ''),
      size: `${(imageSize(b.image, env) / 1e6).toFixed(0)} MB`,
      build: b.seconds === null ? '-' : `${b.seconds.toFixed(0)} s`,
      checks: checks.length ? `${checks.filter((c) => c.ok).length}/${checks.length}` : '-',
    };
  });
  const widths = ['image', 'size', 'build', 'checks'].map((k) => Math.max(k.length, ...rows.map((r) => String(r[/** @type {keyof typeof r} */ (k)]).length)));
  const line = (/** @type {string[]} */ cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(`\n${line(['image', 'size', 'build', 'checks'])}`);
  for (const r of rows) console.log(line([r.image, r.size, r.build, r.checks]));
  const bases = Object.entries(baseImages).map(([k, name]) => `${name} ${(imageSize(name, env) / 1e6).toFixed(0)} MB${baseSeconds[/** @type {keyof typeof baseSeconds} */ (k)] ? ` (made in ${baseSeconds[/** @type {keyof typeof baseSeconds} */ (k)].toFixed(0)} s)` : ''}`);
  console.log(`\nbase images: ${bases.join('; ')}`);
  console.log(`builds: ${buildSeconds.toFixed(0)} s; total: ${((Date.now() - began) / 1000).toFixed(0)} s`);
  console.log(`${results.length - failed.length} passed, ${failed.length} failed`);
  if (failed.length) {
    for (const f of failed) console.error(`[images] FAILED ${f.component}: ${f.detail}`);
    console.error(`[images] container logs: ${path.relative(repoRoot, logs)}/`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(`[images] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

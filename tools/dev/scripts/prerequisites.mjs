// @ts-check
/**
 * First step of `npm test`, before any long one (it needs no build): makes sure the machine has what the tests
 * need besides npm packages. Chromium's headless shell (CHROMIUM_HEADLESS_SHELL_PATH, default
 * /usr/bin/chromium-headless-shell; see tools/dev/src/chromium.ts) for the end-to-end tests, and
 * nats-server unless a NATS server with JetStream already answers at NATS_URL (default nats://127.0.0.1:4222).
 * What is missing is installed with apt-get when we are root on a Debian-like system; otherwise the command stops
 * at once, naming what is missing and the command that installs it. PostgreSQL needs nothing: without
 * DATABASE_URL the tests run an embedded server from the npm packages.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const say = (/** @type {string} */ message) => console.log(`[prerequisites] ${message}`);
const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';
const natsUrl = process.env.NATS_URL || 'nats://127.0.0.1:4222';

/** @param {string} file */
function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** nats-server on PATH, or in Debian's /usr/sbin (not on every user's PATH). */
function natsServerInstalled() {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'].filter(Boolean);
  return dirs.some((dir) => executable(path.join(dir, 'nats-server')));
}

/** Whether a NATS server with JetStream answers at `url` (its INFO line says so). */
function natsWithJetStream(/** @type {string} */ url) {
  const { hostname, port } = new URL(url.replace(/^nats:/, 'http:'));
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 4222) });
    const done = (/** @type {boolean} */ answer) => {
      socket.destroy();
      resolve(answer);
    };
    let buffer = '';
    socket.setTimeout(1500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (buffer.includes('\r\n')) done(/^INFO .*"jetstream":\s*true/.test(buffer));
    });
  });
}

const missing = [];
if (!executable(headlessShellPath)) {
  missing.push({ what: `Chromium's headless shell (${headlessShellPath})`, pkg: 'chromium-headless-shell', check: () => executable(headlessShellPath) });
}
if (!natsServerInstalled() && !(await natsWithJetStream(natsUrl))) {
  missing.push({ what: `nats-server (and no NATS with JetStream answers at ${natsUrl})`, pkg: 'nats-server', check: natsServerInstalled });
}
if (missing.length === 0) process.exit(0);

const packages = missing.map((m) => m.pkg);
const command = `apt-get install -y ${packages.join(' ')}`;
const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
if (!canInstall) {
  console.error(
    `[prerequisites] npm test needs ${missing.map((m) => m.what).join(' and ')}, which ${missing.length > 1 ? 'are' : 'is'} missing.\n` +
      `[prerequisites] Install with: sudo ${command}   (Debian/Ubuntu; or run npm test as root, which installs ${missing.length > 1 ? 'them' : 'it'})\n` +
      '[prerequisites] Or point CHROMIUM_HEADLESS_SHELL_PATH at a Chromium headless shell, and NATS_URL at a NATS server with JetStream.',
  );
  process.exit(1);
}
try {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  say(`installing ${packages.join(' and ')} (missing): apt-get update && ${command}`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
} catch (err) {
  console.error(`[prerequisites] could not install ${packages.join(' and ')}: ${/** @type {Error} */ (err).message}`);
  process.exit(1);
}
const still = missing.filter((m) => !m.check());
if (still.length) {
  console.error(`[prerequisites] still missing after apt-get: ${still.map((m) => m.what).join(' and ')}`);
  process.exit(1);
}
say(`installed ${packages.join(' and ')}`);

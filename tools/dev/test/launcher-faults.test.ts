/**
 * Fault tests of `npm start`'s launcher (the built tools/dev/dist/start.js, as `npm start` runs it after the build),
 * on free ports with its data in a temporary folder and its own embedded PostgreSQL and S3 server: every service,
 * PostgreSQL and the S3 server are killed in turn (SIGKILL), and the product must come back by itself, answering
 * 503 (never 500) meanwhile; then SIGTERM must stop everything it started. Figures are printed ([faults] lines).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../services/gateway/test/support/browser';
import { repoRoot } from '../src/paths';
import { backendServices } from '../src/stack';

const startScript = path.join(repoRoot, 'tools', 'dev', 'dist', 'start.js');
type Piece = 'identity' | 'gateway' | 's3' | 'postgres' | (typeof backendServices)[number]['name'];

let launcher: ChildProcess;
let output = '';
let dataDir: string;
let url: string;
let alice: TestBrowser;
let propertyId: string;
const figures: string[] = [];

/** The launcher's child processes, by what they run. */
function children(): Map<Piece, number> {
  const found = new Map<Piece, number>();
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (ppid !== launcher.pid) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      const service = /services\/(\w+)\/dist\/(main|embedded-s3\/main)\.js/.exec(command);
      const piece: Piece | undefined = service ? (service[2] === 'main' ? (service[1] as Piece) : 's3') : /\/bin\/postgres /.test(command) ? 'postgres' : undefined;
      if (piece) found.set(piece, Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, timeoutMs: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n--- launcher output (last 3000 characters) ---\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A call through the gateway that needs `piece`, as a signed-in user; its status (0 when nothing answers). */
async function callNeeding(piece: Piece): Promise<number> {
  const get = (p: string) => alice.request(p).then(async (res) => (await res.arrayBuffer(), res.status));
  switch (piece) {
    case 'identity':
      return new TestBrowser(url).signIn('late@example.com', 'Late').then((landed) => (landed.endsWith('/dashboard') ? 200 : 502));
    case 'valuation':
      return alice.request('/api/properties/lookup', { method: 'POST', json: { address: '3526 HIGH ST, SACRAMENTO, CA 95838' } }).then((r) => r.status);
    case 'ai':
      return get(`/api/properties/${propertyId}/recommendations`);
    case 'neighborhood':
      return get(`/api/properties/${propertyId}/neighborhood`);
    case 'media':
      return get(`/api/properties/${propertyId}/photos`);
    case 's3': {
      const res = await alice.request('/api/objects/upload', { method: 'POST', json: { propertyId, contentType: 'image/png', size: 4 } });
      if (res.status !== 200) return res.status;
      const upload = (await res.json()) as { uploadURL: string; headers: Record<string, string> };
      return (await fetch(upload.uploadURL, { method: 'PUT', body: 'abcd', headers: upload.headers })).status;
    }
    default:
      return get('/api/user/properties');
  }
}

beforeAll(async () => {
  if (!existsSync(startScript)) throw new Error('tools/dev/dist/start.js is missing: run `npm run build` first');
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'hsa-launcher-'));
  const ports = Object.fromEntries(
    ['PORT', 'IDENTITY_PORT', 'EMBEDDED_POSTGRES_PORT', 'EMBEDDED_S3_PORT', ...backendServices.flatMap((b) => [`${b.prefix}_GRPC_PORT`, `${b.prefix}_HEALTH_PORT`])].map((n) => [n, '0']),
  );
  const env: NodeJS.ProcessEnv = { ...process.env, ...ports, HSA_DATA_DIR: dataDir, LOG_LEVEL: 'warn', NO_COLOR: '1' };
  for (const name of ['DATABASE_URL', 'S3_ENDPOINT', 'PUBLIC_URL']) delete env[name];
  launcher = spawn(process.execPath, [startScript], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const began = Date.now();
  url = await until('Ready', 150_000, async () => /Ready: (http:\/\/\S+)/.exec(output)?.[1]);
  figures.push(`launcher ready in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  alice = new TestBrowser(url);
  await alice.signIn('alice@example.com', 'Alice', '/dashboard');
  const created = await alice.request('/api/properties', {
    method: 'POST',
    json: { address: '3526 HIGH ST', city: 'Sacramento', state: 'CA', zipCode: '95838', bedrooms: 2, bathrooms: 1, squareFootage: 836, coordinates: { latitude: 38.631913, longitude: -121.434879 } },
  });
  expect(created.status).toBe(201);
  propertyId = ((await created.json()) as { id: string }).id;
}, 180_000);

afterAll(async () => {
  for (const line of figures) console.log(`[faults] ${line}`);
  if (launcher && launcher.exitCode === null) {
    for (const pid of children().values()) process.kill(pid, 'SIGKILL');
    launcher.kill('SIGKILL');
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm start heals', () => {
  const pieces: Piece[] = ['postgres', 's3', 'identity', ...backendServices.map((b) => b.name), 'gateway'];

  for (const piece of pieces) {
    it(`comes back by itself when ${piece} is killed, answering 503 (never 500) meanwhile`, async () => {
      expect(await callNeeding(piece)).toBe(200);
      const pid = children().get(piece);
      expect(pid, `${piece} is running under the launcher`).toBeDefined();
      const restartsBefore = output.split(`${piece} is back`).length;
      const killedAt = Date.now();
      process.kill(pid!, 'SIGKILL');
      const seen = new Set<number>();
      const status = await until(`${piece} to be back`, 60_000, async () => {
        const answer = await callNeeding(piece).catch(() => 0);
        seen.add(answer);
        return answer === 200 ? answer : undefined;
      });
      const recoveredAt = Date.now();
      expect(status).toBe(200);
      expect(children().get(piece)).not.toBe(pid);
      const told = await until(`the launcher to say ${piece} is back`, 10_000, async () => (output.split(`${piece} is back`).length > restartsBefore ? true : undefined));
      expect(told).toBe(true);
      expect(output).toMatch(new RegExp(`\\[start\\] ${piece} was killed by SIGKILL; restarting in`));
      // While it was away the gateway said it was unavailable (or was itself away); it never failed with a 500.
      expect([...seen].filter((s) => s !== 200 && s !== 503 && s !== 0 && !(piece === 'identity' && s === 502))).toEqual([]);
      if (piece === 'postgres') expect(seen).toContain(503);
      figures.push(`${piece}: killed -> calls succeed again in ${((recoveredAt - killedAt) / 1000).toFixed(1)} s; answers meanwhile ${[...seen].sort().join(', ')}`);
    }, 90_000);
  }

  it('calls succeed within about a second of a restarted service being ready', async () => {
    // The property service is killed again; its own readiness port tells when it is back.
    const healthPort = Number(/PROPERTY_HEALTH_PORT=(\d+)/.exec(readFileSync(`/proc/${children().get('property')}/environ`, 'utf8').split('\0').join('\n'))![1]);
    const restartsBefore = output.split('property is back').length;
    process.kill(children().get('property')!, 'SIGKILL');
    await until('the property service to go', 5000, async () => ((await fetch(`http://127.0.0.1:${healthPort}/readyz`).catch(() => undefined)) ? undefined : true));
    await until('the property service to be ready again', 60_000, async () => ((await fetch(`http://127.0.0.1:${healthPort}/readyz`)).ok ? true : undefined));
    const readyAt = Date.now();
    await until('a gateway call to succeed', 10_000, async () => ((await callNeeding('property')) === 200 ? true : undefined));
    const ms = Date.now() - readyAt;
    figures.push(`property ready -> first successful gateway call: ${ms} ms`);
    expect(ms).toBeLessThan(3000);
    // The next test stops a settled product: the launcher has seen the restart through, not only the service.
    await until('the launcher to say property is back', 30_000, async () => (output.split('property is back').length > restartsBefore ? true : undefined));
  }, 90_000);

  it('stops everything it started on SIGTERM, gracefully and within the deadline', async () => {
    const pids = [...children().values()];
    expect(pids.length).toBe(pieces.length);
    const began = Date.now();
    launcher.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => launcher.once('exit', (c) => resolve(c)));
    const seconds = (Date.now() - began) / 1000;
    figures.push(`SIGTERM -> launcher and its ${pids.length} processes stopped in ${seconds.toFixed(1)} s (exit code ${code})`);
    expect(code).toBe(0);
    expect(seconds).toBeLessThan(31);
    expect(output).toMatch(/\[start\] SIGTERM: stopping…/);
    expect(output).not.toMatch(/restarting in[^\n]*\n[^\n]*SIGTERM|SIGTERM[\s\S]*restarting in/);
    await until('every process to be gone', 5000, async () => (pids.every((pid) => !alive(pid)) ? true : undefined));
  }, 60_000);
});

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { backendServices, startStack, type Stack, type StackOptions } from '../src/stack';

const fake = path.join(__dirname, 'fixtures', 'fake-service.js');
let logDir: string;
let stack: Stack | undefined;

beforeEach(async () => {
  logDir = await mkdtemp(path.join(os.tmpdir(), 'hsa-stack-test-'));
});
afterEach(async () => {
  await stack?.stop();
  stack = undefined;
  await rm(logDir, { recursive: true, force: true });
});

/** Fake entry points: node runs `fake-service.js <role>`; the role comes from a tiny wrapper per service. */
async function options(env: NodeJS.ProcessEnv = {}, extra: Partial<StackOptions> = {}): Promise<StackOptions> {
  const { writeFile } = await import('node:fs/promises');
  const entry = async (role: string) => {
    const file = path.join(logDir, `${role}-main.js`);
    await writeFile(file, `process.argv[2] = ${JSON.stringify(role)};\nrequire(${JSON.stringify(fake)});\n`);
    return file;
  };
  return {
    databaseUrl: 'postgres://u:p@127.0.0.1:1/postgres',
    natsUrl: 'nats://127.0.0.1:4222',
    freePorts: true,
    logs: { kind: 'file', dir: logDir },
    // An S3 endpoint given from outside: the launcher passes it through instead of starting the embedded server.
    env: { S3_ENDPOINT: 'http://127.0.0.1:1', ...env },
    s3: { dataDir: logDir },
    readyTimeoutMs: 10_000,
    stopGraceMs: 2000,
    entryPoints: Object.fromEntries(
      await Promise.all(['identity', 'gateway', ...backendServices.map((b) => b.name)].map(async (r) => [r, await entry(r)])),
    ),
    ...extra,
  };
}

const childEnv = async (port: number) =>
  (await (await fetch(`http://127.0.0.1:${port}/env`)).json()) as Record<string, string>;

describe('startStack', () => {
  test('starts every service with the contract environment and stops them', async () => {
    stack = await startStack(await options());
    const { ports } = stack;
    expect(stack.url).toBe(`http://localhost:${ports.gateway}`);
    const allPorts = [ports.gateway, ports.identity, ...Object.values(ports.grpc), ...Object.values(ports.health)];
    expect(new Set(allPorts).size).toBe(allPorts.length);

    const identity = await childEnv(ports.identity);
    const gateway = await childEnv(ports.gateway);
    expect(identity.IDENTITY_ISSUER).toBe(`http://localhost:${ports.identity}`);
    expect(identity.IDENTITY_REDIRECT_URIS).toBe(`${stack.url}/api/callback`);
    expect(identity.IDENTITY_POST_LOGOUT_REDIRECT_URIS).toBe(`${stack.url}/`);
    expect(identity.IDENTITY_CLIENT_ID).toBe(gateway.OIDC_CLIENT_ID);
    expect(identity.IDENTITY_CLIENT_SECRET).toBe(gateway.OIDC_CLIENT_SECRET);
    expect(gateway.PUBLIC_URL).toBe(stack.url);
    expect(gateway.PORT).toBe(String(ports.gateway));
    expect(gateway.OIDC_ISSUER_URL).toBe(identity.IDENTITY_ISSUER);
    expect(gateway.PROPERTY_SERVICE_ADDRESS).toBe(`127.0.0.1:${ports.grpc.property}`);
    expect(gateway.WEB_ROOT).toMatch(/frontends$/);
    expect(gateway.GATEWAY_DATABASE_NAME).toBe('hsa_gateway');
    const property = await childEnv(ports.health.property);
    expect(property.PROPERTY_GRPC_PORT).toBe(String(ports.grpc.property));
    expect(property.DATABASE_URL).toBe('postgres://u:p@127.0.0.1:1/postgres');
    expect(property.NATS_URL).toBe('nats://127.0.0.1:4222');

    await stack.stop();
    stack = undefined;
    await expect(fetch(`http://127.0.0.1:${ports.gateway}/readyz`)).rejects.toThrow();
    expect(await readFile(path.join(logDir, 'gateway.log'), 'utf8')).toContain('gateway starting');
  });

  test('a service that exits names itself and shows its last log lines', async () => {
    const error = await startStack(await options({ FAKE_FAIL: 'property' })).catch((err: Error) => err);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('Service property exited with code 3 before it was ready');
    expect((error as Error).message).toContain('boom, cannot open the database');
  });

  test('a service that never becomes ready fails after the timeout, naming it, and the rest is stopped', async () => {
    // Long enough for the other fakes to start on a loaded machine; the gateway's fake never becomes ready.
    const opts = await options({ FAKE_UNREADY: 'gateway' }, { readyTimeoutMs: 4000 });
    const began = Date.now();
    const error = (await startStack(opts).catch((err: Error) => err)) as Error;
    expect(error.message).toMatch(/Service gateway was not ready within 4 s \(GET http:\/\/127\.0\.0\.1:\d+\/readyz: HTTP 503\)/);
    expect(Date.now() - began).toBeLessThan(20_000);
    const identityPort = Number(/"port":(\d+)/.exec(await readFile(path.join(logDir, 'identity.log'), 'utf8'))![1]);
    await expect(fetch(`http://127.0.0.1:${identityPort}/env`)).rejects.toThrow();
  });

  test('stop() kills a service that ignores SIGTERM after the grace period', async () => {
    stack = await startStack(await options({ FAKE_IGNORE_TERM: 'identity' }, { stopGraceMs: 500 }));
    const port = stack.ports.identity;
    const began = Date.now();
    await stack.stop();
    stack = undefined;
    expect(Date.now() - began).toBeLessThan(5000);
    await expect(fetch(`http://127.0.0.1:${port}/env`)).rejects.toThrow();
    expect(await readFile(path.join(logDir, 'identity.log'), 'utf8')).toContain('ignoring SIGTERM');
  });

  test('with restart on, a service that dies is started again on the same ports, and said so', async () => {
    const told: string[] = [];
    stack = await startStack(await options({}, { restart: true, onRestart: (m) => told.push(m) }));
    const port = stack.ports.health.property;
    const before = stack.pids().property!;
    process.kill(before, 'SIGKILL');
    const deadline = Date.now() + 10_000;
    while (!told.some((m) => m.startsWith('property is back')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(told[0]).toMatch(/^property was killed by SIGKILL; restarting in 0\.3 s \(restart 1\)/);
    expect(told[1]).toMatch(/^property is back \(restart 1, \d+\.\d s\)$/);
    expect(stack.pids().property).not.toBe(before);
    expect((await childEnv(port)).PROPERTY_HEALTH_PORT).toBe(String(port));
    // stop() ends it for good: nothing comes back.
    const pids = Object.values(stack.pids());
    await stack.stop();
    stack = undefined;
    await new Promise((r) => setTimeout(r, 600));
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect(told.filter((m) => m.includes('restarting'))).toHaveLength(1);
  });

  test('a missing entry point is reported with the build command', async () => {
    const opts = await options();
    opts.entryPoints!.gateway = path.join(logDir, 'nope', 'main.js');
    await expect(startStack(opts)).rejects.toThrow(/gateway: .*main\.js is missing; build first with `npm run build`/);
  });

  test('a taken gateway port is an error that says how to choose another', async () => {
    const net = await import('node:net');
    const blocker = net.createServer().listen(0);
    await new Promise((resolve) => blocker.once('listening', resolve));
    const port = (blocker.address() as import('node:net').AddressInfo).port;
    try {
      await expect(startStack(await options({}, { freePorts: false, port }))).rejects.toThrow(`Port ${port} is already in use`);
    } finally {
      blocker.close();
    }
  });
});

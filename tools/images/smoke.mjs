// @ts-check
/**
 * Runs every built image the way the chart runs it (read-only root filesystem with a tmpfs /tmp only, user 65532,
 * every capability dropped, no new privileges) against the machine's PostgreSQL and NATS on the host network, and
 * checks what each must answer: /healthz and /readyz (and the standard gRPC health check) of the services, the
 * gateway's readiness through identity and the property service, the shell's pages and security headers, each
 * remote's mf-manifest.json with its caching, CORS and precompressed assets. Then every container is stopped with
 * SIGTERM and must exit 0 within the grace period. The data image fills the volume the services read /data from.
 */
import { randomBytes, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { buildDir, repoRoot, run } from './containers.mjs';
import { components, dataImage, imageName } from './components.mjs';

const requireFromRepo = createRequire(path.join(repoRoot, 'package.json'));
const PREFIX = 'hsa-images-';
const STOP_GRACE_SECONDS = 20;

/**
 * Distinct free ports: every listener stays open until all are chosen, so no port is handed out twice.
 * @param {string[]} names
 * @returns {Promise<Record<string, number>>}
 */
async function freePorts(names) {
  const servers = await Promise.all(
    names.map(
      () =>
        /** @type {Promise<net.Server>} */ (
          new Promise((resolve, reject) => {
            const server = net.createServer();
            server.once('error', reject);
            server.listen(0, '127.0.0.1', () => resolve(server));
          })
        ),
    ),
  );
  const ports = Object.fromEntries(names.map((name, i) => [name, /** @type {net.AddressInfo} */ (servers[i]?.address()).port]));
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * A raw HTTP GET (no automatic decompression), so headers and bytes are exactly what the container sent.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }>}
 */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: 5000 }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
  });
}

/**
 * Polls until `check` holds (or throws its last error after `ms`).
 * @param {() => Promise<boolean>} check
 * @param {number} ms
 */
async function eventually(check, ms) {
  const deadline = Date.now() + ms;
  /** @type {unknown} */
  let last;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(last instanceof Error ? last.message : 'condition never held');
}

/**
 * The standard gRPC health check of a service (empty service name = the whole server).
 * @param {string} address
 * @returns {Promise<string>}
 */
function grpcHealth(address) {
  const grpc = requireFromRepo('@grpc/grpc-js');
  const { service } = requireFromRepo('grpc-health-check');
  const Client = grpc.makeGenericClientConstructor(service, 'Health');
  const client = new Client(address, grpc.credentials.createInsecure());
  return new Promise((resolve, reject) => {
    client.check({ service: '' }, { deadline: Date.now() + 3000 }, (/** @type {Error | null} */ err, /** @type {{ status: string }} */ res) => {
      client.close();
      if (err) reject(err);
      else resolve(res.status);
    });
  });
}

/** @param {string} kid */
function keyPair(kid) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const common = { kid, alg: 'ES256', use: 'sig' };
  return { privateJwk: { ...privateKey.export({ format: 'jwk' }), ...common }, publicJwk: { ...publicKey.export({ format: 'jwk' }), ...common } };
}

/**
 * @typedef {{ component: string, ok: boolean, detail: string }} CheckResult
 * @param {{ env: NodeJS.ProcessEnv, tag: string, only: Set<string> | null, say: (line: string) => void }} options
 * @returns {Promise<CheckResult[]>}
 */
export async function smokeTest({ env, tag, only, say }) {
  const logs = path.join(buildDir, 'logs');
  mkdirSync(logs, { recursive: true });
  const podman = (/** @type {string[]} */ args) => run('podman', args, { env, quiet: true });
  /** @type {CheckResult[]} */
  const results = [];
  /** @type {string[]} */
  const started = [];
  const volume = `${PREFIX}data`;
  const runId = randomBytes(3).toString('hex');
  const databases = /** @type {string[]} */ ([]);
  const wanted = (/** @type {string} */ name) => !only || only.has(name);

  const record = (/** @type {string} */ component, /** @type {boolean} */ ok, /** @type {string} */ detail) => {
    results.push({ component, ok, detail });
    say(`${ok ? 'ok  ' : 'FAIL'} ${component}: ${detail}`);
  };
  /** @param {string} component @param {string} what @param {() => Promise<string | void>} check */
  const expectThat = async (component, what, check) => {
    try {
      const note = await check();
      record(component, true, note ? `${what} (${note})` : what);
    } catch (err) {
      record(component, false, `${what}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
  };

  /** The flags of every container: what the chart's securityContext asks of a pod. */
  const hardened = ['--network', 'host', '--read-only', '--read-only-tmpfs=false', '--tmpfs', '/tmp:rw,size=64m,mode=1777', '--user', '65532:65532', '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges'];

  /**
   * @param {string} name container name suffix
   * @param {string} image
   * @param {Record<string, string>} vars
   * @param {string[]} [extra] more podman run flags
   * @param {string[]} [command] entrypoint override: [entrypoint, ...args]
   */
  const start = async (name, image, vars, extra = [], command = []) => {
    const container = `${PREFIX}${name}`;
    await podman(['rm', '-f', '--ignore', container]);
    const [entrypoint, ...args] = command;
    await podman([
      'run', '-d', '--name', container, ...hardened, ...extra,
      ...Object.entries(vars).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
      ...(entrypoint ? ['--entrypoint', entrypoint] : []),
      image, ...args,
    ]);
    started.push(container);
    return container;
  };

  /** @param {string} container */
  const saveLogs = async (container) => {
    const text = await podman(['logs', container]).catch((err) => String(err));
    writeFileSync(path.join(logs, `${container}.log`), text);
  };

  /** Stops a container with SIGTERM and checks it exits 0 within the grace period. @param {string} component @param {string} container */
  const stopGracefully = async (component, container) => {
    const began = Date.now();
    await podman(['stop', '-t', String(STOP_GRACE_SECONDS), container]).catch(() => undefined);
    const seconds = (Date.now() - began) / 1000;
    const exitCode = (await podman(['inspect', '-f', '{{.State.ExitCode}}', container])).trim();
    await saveLogs(container);
    record(component, exitCode === '0' && seconds < STOP_GRACE_SECONDS, `SIGTERM: exit ${exitCode} after ${seconds.toFixed(1)} s`);
  };

  /** The image carries no shell and no npm, and declares user 65532. @param {string} component @param {string} image */
  const inspectImage = async (component, image) => {
    await expectThat(component, 'user 65532, no shell, no npm', async () => {
      const user = (await podman(['image', 'inspect', '-f', '{{.Config.User}}', image])).trim();
      if (user !== '65532:65532') throw new Error(`image user is "${user}"`);
      const probe = "const fs=require('fs');const found=['/bin/sh','/bin/bash','/usr/bin/npm','/usr/local/bin/npm','/usr/local/lib/node_modules/npm'].filter(f=>fs.existsSync(f));if(found.length){console.log(found.join(' '));process.exit(1)}";
      await podman(['run', '--rm', ...hardened, '--entrypoint', '/nodejs/bin/node', image, '-e', probe]);
    });
  };

  /** The container's main process runs as 65532 (read from the host's /proc). @param {string} component @param {string} container */
  const runsAsNonRoot = async (component, container) => {
    await expectThat(component, 'process runs as uid 65532', async () => {
      const pid = (await podman(['inspect', '-f', '{{.State.Pid}}', container])).trim();
      const uids = /^Uid:\s+(.*)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]?.trim().split(/\s+/) ?? [];
      if (!uids.length || uids.some((u) => u !== '65532')) throw new Error(`uids ${uids.join(',')}`);
    });
  };

  const ports = await freePorts([
    'property', 'propertyHealth', 'valuation', 'valuationHealth', 'media', 'mediaHealth', 'ai', 'aiHealth',
    'neighborhood', 'neighborhoodHealth', 'identity', 'gateway', 's3', 'shell', 'wizard', 'dashboard', 'listing',
  ]);
  const gatewayKey = keyPair('gateway');
  const neighborhoodKey = keyPair('neighborhood');
  const publicKeys = (/** @type {object[]} */ ...keys) => JSON.stringify({ keys });
  const database = (/** @type {string} */ name) => {
    const db = `hsa_images_${name}_${runId}`;
    databases.push(db);
    return db;
  };
  const base = {
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    NATS_URL: process.env.NATS_URL || 'nats://127.0.0.1:4222',
  };
  const local = (/** @type {number} */ port) => `127.0.0.1:${port}`;
  const shellOrigin = `http://127.0.0.1:${ports.shell}`;
  const publicUrl = `http://127.0.0.1:${ports.gateway}`;
  const s3 = { S3_ACCESS_KEY_ID: randomBytes(12).toString('hex'), S3_SECRET_ACCESS_KEY: randomBytes(24).toString('hex'), S3_BUCKET: 'hsa-images', S3_REGION: 'us-east-1' };
  const image = (/** @type {string} */ name) => `localhost/${imageName(name)}:${tag}`;

  try {
    // The data image fills the volume valuation, ai and neighborhood read at /data.
    const needsData = ['valuation', 'ai', 'neighborhood'].some(wanted);
    if (needsData || wanted('data')) {
      await podman(['volume', 'rm', '-f', volume]).catch(() => undefined);
      await podman(['volume', 'create', volume]);
      await expectThat('data', 'copies its data into /mnt/data and exits 0', async () => {
        const out = await podman(['run', '--rm', ...hardened, '-v', `${volume}:/mnt/data:U`, `localhost/${dataImage}:${tag}`]);
        const entries = JSON.parse(out.trim().split('\n').pop() ?? '{}').entries ?? [];
        for (const file of ['sacramento-sales.csv', 'cost-vs-value.md', 'neighborhood']) if (!entries.includes(file)) throw new Error(`${file} missing`);
        return entries.join(' ');
      });
    }
    const dataVolume = ['-v', `${volume}:/data:ro`];

    /** A gRPC service: its health server and the standard gRPC health check. @param {string} name @param {Record<string, string>} vars @param {string[]} [extra] */
    const grpcService = async (name, vars, extra = []) => {
      if (!wanted(name)) return;
      const component = /** @type {import('./components.mjs').ServiceComponent} */ (components[name]);
      const prefix = component.prefix;
      const grpcPort = ports[name];
      const healthPort = ports[`${name}Health`];
      const container = await start(name, image(name), {
        ...base,
        [`${prefix}_GRPC_HOST`]: '127.0.0.1',
        [`${prefix}_GRPC_PORT`]: String(grpcPort),
        [`${prefix}_HEALTH_PORT`]: String(healthPort),
        [`${prefix}_DATABASE_NAME`]: database(name),
        ...vars,
      }, extra);
      await expectThat(name, `GET /healthz and /readyz on ${healthPort}`, async () => {
        await eventually(async () => (await get(`http://127.0.0.1:${healthPort}/readyz`)).status === 200, 120_000);
        const health = await get(`http://127.0.0.1:${healthPort}/healthz`);
        if (health.status !== 200) throw new Error(`/healthz ${health.status}`);
      });
      await expectThat(name, `gRPC health check on ${grpcPort}`, async () => {
        const status = await grpcHealth(local(grpcPort));
        if (status !== 'SERVING') throw new Error(status);
        return status;
      });
      await runsAsNonRoot(name, container);
    };

    await grpcService('property', { INTERNAL_AUTH_PUBLIC_KEYS: publicKeys(gatewayKey.publicJwk) });
    await grpcService('valuation', { INTERNAL_AUTH_PUBLIC_KEYS: publicKeys(gatewayKey.publicJwk, neighborhoodKey.publicJwk) }, dataVolume);
    await grpcService('ai', { INTERNAL_AUTH_PUBLIC_KEYS: publicKeys(gatewayKey.publicJwk, neighborhoodKey.publicJwk) }, dataVolume);
    await grpcService(
      'neighborhood',
      {
        INTERNAL_AUTH_PUBLIC_KEYS: publicKeys(gatewayKey.publicJwk),
        INTERNAL_AUTH_PRIVATE_KEY: JSON.stringify(neighborhoodKey.privateJwk),
        VALUATION_SERVICE_ADDRESS: local(ports.valuation),
        AI_SERVICE_ADDRESS: local(ports.ai),
      },
      dataVolume,
    );
    if (wanted('media')) {
      // An S3 store for the media service: the embedded development server that ships in the media image.
      await start('s3', image('media'), { NODE_ENV: 'development', EMBEDDED_S3_PORT: String(ports.s3), EMBEDDED_S3_DATA_DIR: '/tmp/s3', EMBEDDED_S3_CORS_ORIGINS: publicUrl, ...s3 }, [], [
        '/nodejs/bin/node',
        'services/media/dist/embedded-s3/main.js',
      ]);
      await grpcService('media', { INTERNAL_AUTH_PUBLIC_KEYS: publicKeys(gatewayKey.publicJwk), S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`, S3_FORCE_PATH_STYLE: 'true', ...s3 });
    }

    if (wanted('identity')) {
      const container = await start('identity', image('identity'), {
        IDENTITY_HOST: '127.0.0.1',
        IDENTITY_PORT: String(ports.identity),
        IDENTITY_ISSUER: `http://127.0.0.1:${ports.identity}`,
        IDENTITY_CLIENT_SECRET: 'images-client-secret',
        IDENTITY_REDIRECT_URIS: `${publicUrl}/api/callback`,
        IDENTITY_POST_LOGOUT_REDIRECT_URIS: `${publicUrl}/`,
      });
      await expectThat('identity', 'OpenID discovery document', async () => {
        await eventually(async () => (await get(`http://127.0.0.1:${ports.identity}/.well-known/openid-configuration`)).status === 200, 60_000);
      });
      await runsAsNonRoot('identity', container);
    }

    if (wanted('gateway')) {
      const container = await start('gateway', image('gateway'), {
        ...base,
        HOST: '127.0.0.1',
        PORT: String(ports.gateway),
        PUBLIC_URL: publicUrl,
        GATEWAY_DATABASE_NAME: database('gateway'),
        SESSION_SECRET: randomBytes(24).toString('hex'),
        OIDC_ISSUER_URL: `http://127.0.0.1:${ports.identity}`,
        OIDC_CLIENT_SECRET: 'images-client-secret',
        INTERNAL_AUTH_PRIVATE_KEY: JSON.stringify(gatewayKey.privateJwk),
        PROPERTY_SERVICE_ADDRESS: local(ports.property),
        VALUATION_SERVICE_ADDRESS: local(ports.valuation),
        AI_SERVICE_ADDRESS: local(ports.ai),
        NEIGHBORHOOD_SERVICE_ADDRESS: local(ports.neighborhood),
        MEDIA_SERVICE_ADDRESS: local(ports.media),
        S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
      });
      await expectThat('gateway', 'GET /readyz (database, property service, sign-in through identity)', async () => {
        await eventually(async () => (await get(`${publicUrl}/readyz`)).status === 200, 90_000);
        return JSON.stringify(JSON.parse((await get(`${publicUrl}/readyz`)).body.toString('utf8')).checks);
      });
      await expectThat('gateway', 'serves the API only: GET /api/config 200, GET / 404', async () => {
        const config = await get(`${publicUrl}/api/config`);
        const root = await get(`${publicUrl}/`);
        if (config.status !== 200 || root.status !== 404) throw new Error(`/api/config ${config.status}, / ${root.status}`);
        // The API's own policy (apiSecurityHeaders), not the page's.
        if (config.headers['content-security-policy'] !== "default-src 'none'; frame-ancestors 'none'") throw new Error(`CSP ${config.headers['content-security-policy']}`);
      });
      await runsAsNonRoot('gateway', container);
    }

    /** @param {string} name */
    const remote = async (name) => {
      if (!wanted(name)) return;
      const port = ports[name];
      const container = await start(name, image(name), { PORT: String(port), HOST: '127.0.0.1', CORS_ORIGINS: shellOrigin });
      const at = `http://127.0.0.1:${port}/remotes/${name}`;
      await expectThat(name, 'GET /healthz and /readyz', async () => {
        await eventually(async () => (await get(`http://127.0.0.1:${port}/readyz`)).status === 200, 30_000);
      });
      /** @type {{ metaData: { remoteEntry: { name: string, path: string } } }} */
      let manifest = { metaData: { remoteEntry: { name: '', path: '' } } };
      await expectThat(name, 'mf-manifest.json: no-cache, CORS for the shell origin, brotli', async () => {
        const res = await get(`${at}/mf-manifest.json`, { origin: shellOrigin, 'accept-encoding': 'br, gzip' });
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        if (res.headers['cache-control'] !== 'no-cache') throw new Error(`cache-control ${res.headers['cache-control']}`);
        if (res.headers['access-control-allow-origin'] !== shellOrigin) throw new Error(`access-control-allow-origin ${res.headers['access-control-allow-origin']}`);
        const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.body;
        manifest = JSON.parse(body.toString('utf8'));
        return `content-encoding ${res.headers['content-encoding'] ?? 'identity'}`;
      });
      await expectThat(name, 'remoteEntry: immutable, brotli, Vary: Accept-Encoding', async () => {
        const entry = manifest.metaData.remoteEntry;
        const res = await get(`${at}/${path.posix.join(entry.path, entry.name)}`, { origin: shellOrigin, 'accept-encoding': 'gzip, br' });
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        if (res.headers['cache-control'] !== 'public, max-age=31536000, immutable') throw new Error(`cache-control ${res.headers['cache-control']}`);
        if (res.headers['content-encoding'] !== 'br') throw new Error(`content-encoding ${res.headers['content-encoding']}`);
        if (!String(res.headers.vary).includes('Accept-Encoding')) throw new Error(`vary ${res.headers.vary}`);
        return `${entry.name}, ${res.body.length} bytes br`;
      });
      await runsAsNonRoot(name, container);
    };
    for (const name of ['wizard', 'dashboard', 'listing']) await remote(name);

    if (wanted('shell')) {
      const container = await start('shell', image('shell'), {
        PORT: String(ports.shell),
        HOST: '127.0.0.1',
        PUBLIC_URL: shellOrigin,
        OIDC_ISSUER_URL: `http://127.0.0.1:${ports.identity}`,
        S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
      });
      await expectThat('shell', 'GET /healthz and /readyz', async () => {
        await eventually(async () => (await get(`${shellOrigin}/readyz`)).status === 200, 30_000);
      });
      await expectThat('shell', "app routes 200, others 404, both the shell's page, no-cache, with the CSP", async () => {
        for (const [url, status] of /** @type {const} */ ([['/', 200], ['/dashboard', 200], ['/no-such-page', 404]])) {
          const res = await get(`${shellOrigin}${url}`);
          if (res.status !== status || !String(res.headers['content-type']).startsWith('text/html')) throw new Error(`${url}: ${res.status} ${res.headers['content-type']}`);
          if (res.headers['cache-control'] !== 'no-cache') throw new Error(`${url}: cache-control ${res.headers['cache-control']}`);
          const csp = String(res.headers['content-security-policy']);
          if (!csp.includes("script-src 'self'") || !csp.includes(`http://127.0.0.1:${ports.s3}`)) throw new Error(`${url}: CSP ${csp}`);
        }
      });
      await expectThat('shell', '/remotes.json names every remote under /remotes/<name>/', async () => {
        const res = await get(`${shellOrigin}/remotes.json`);
        const manifest = JSON.parse(res.body.toString('utf8'));
        for (const name of ['wizard', 'dashboard', 'listing']) {
          if (manifest[name] !== `/remotes/${name}/mf-manifest.json`) throw new Error(JSON.stringify(manifest));
        }
      });
      await runsAsNonRoot('shell', container);
    }

    for (const name of Object.keys(components)) if (wanted(name)) await inspectImage(name, image(name));
    if (wanted('data')) await inspectImage('data', `localhost/${dataImage}:${tag}`);

    // Last: every container answers SIGTERM with a graceful stop (the gateway first, as in a rollout).
    const order = ['gateway', 'shell', 'wizard', 'dashboard', 'listing', 'identity', 'neighborhood', 'ai', 'media', 'valuation', 'property', 's3'];
    for (const name of order) {
      const container = `${PREFIX}${name}`;
      if (started.includes(container)) await stopGracefully(name === 's3' ? 'media' : name, container);
    }
  } finally {
    for (const container of started) await podman(['rm', '-f', '--ignore', container]).catch(() => undefined);
    await podman(['volume', 'rm', '-f', volume]).catch(() => undefined);
    await dropDatabases(base.DATABASE_URL, databases).catch((err) => say(`could not drop the test databases: ${err.message}`));
  }
  return results;
}

/** @param {string} serverUrl @param {string[]} names */
async function dropDatabases(serverUrl, names) {
  const { Client } = requireFromRepo('pg');
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

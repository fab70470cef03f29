import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'oidc-provider';
import { createLogger, type Logger } from '@hsa/service-kit';
import { AccountStore } from './adapters/account-store';
import { avatarPath, createHttpApp } from './adapters/http-app';
import { loadProviderKeys } from './adapters/keys';
import { createOidcProvider, type IdentityClient } from './adapters/oidc-provider';

export type { IdentityClient };

export interface IdentityServerOptions {
  /** The clients that may sign in (the product's web client). */
  clients: IdentityClient[];
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /**
   * Interface to listen on; default loopback (127.0.0.1): anyone who reaches this provider signs in as anyone, so it
   * is never on the network unless asked for.
   */
  host?: string;
  /**
   * The issuer, exactly as clients will configure it (an origin, no path). Default:
   * `http://<host given, or localhost when none or every interface>:<the port actually bound>`, which is what tests
   * listening on port 0 want.
   */
  issuer?: string;
  /** Keeps accounts (and generated keys) in this directory between restarts. */
  dataDir?: string;
  /** Cookie signing keys; generated (or read from dataDir) when absent. */
  cookieKeys?: string[];
  /** Private signing JWKS; generated (or read from dataDir) when absent. */
  jwks?: { keys: JWK[] };
  logger?: Logger;
}

export interface IdentityServer {
  server: http.Server;
  /** The issuer URL (also the base URL of every endpoint). */
  url: string;
  issuer: string;
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_IDENTITY_HOST = '127.0.0.1';

/** The default issuer: `localhost` when no host (loopback) or every interface was asked for, else the host given. */
function issuerFor(host: string | undefined, port: number): string {
  const name = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    const onListening = () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    };
    server.listen(port, host, onListening);
  });
}

/**
 * Starts the development OpenID Connect provider. It binds the port first and builds the provider
 * afterwards, so that with port 0 the issuer can name the port actually bound; requests arriving in
 * between get 503.
 */
export async function createIdentityServer(options: IdentityServerOptions): Promise<IdentityServer> {
  const logger = options.logger ?? createLogger('identity');
  const accounts = await AccountStore.open(options.dataDir);
  const keys = await loadProviderKeys({ cookieKeys: options.cookieKeys, jwks: options.jwks }, options.dataDir);

  let handler: http.RequestListener = (_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"message":"Starting"}');
  };
  const server = http.createServer((req, res) => handler(req, res));
  const port = await listen(server, options.port ?? 0, options.host ?? DEFAULT_IDENTITY_HOST);
  const issuer = options.issuer ?? issuerFor(options.host, port);

  const close = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await accounts.flush();
  };

  try {
    const provider = await createOidcProvider({
      issuer,
      clients: options.clients,
      keys,
      accounts,
      pictureUrl: (sub) => `${issuer}${avatarPath(sub)}`,
      logger,
    });
    handler = createHttpApp({ provider, accounts, logger });
  } catch (err) {
    await close();
    throw err;
  }
  logger.info({ issuer, port, clients: options.clients.map((c) => c.clientId) }, 'identity provider listening');
  return { server, url: issuer, issuer, port, close };
}

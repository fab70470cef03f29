import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebServerConfig } from './config';
import { createWebApp, type WebServerState } from './app';

export interface WebServerHandle {
  url: string;
  port: number;
  /** Stops taking requests, lets open ones finish (up to the grace period), then closes every connection. */
  close(): Promise<void>;
}

/** Starts the web server. Used by main.ts and by tests. */
export async function startWebServer(config: WebServerConfig): Promise<WebServerHandle> {
  const state: WebServerState = { stopping: false };
  const server = http.createServer(createWebApp(config, state));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => {
      state.stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
      timer.unref();
      return closed.finally(() => clearTimeout(timer));
    },
  };
}

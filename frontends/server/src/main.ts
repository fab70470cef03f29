/**
 * The web images' entry point: serves one built front end (the shell or a remote) from WEB_ROOT. A SIGTERM (or
 * SIGINT) stops taking requests, lets open ones finish and exits 0; a second signal exits at once.
 */
import { readWebServerConfig } from './config';
import { startWebServer } from './server';

const log = (level: 'info' | 'error', msg: string, fields: Record<string, unknown> = {}) => {
  const line = JSON.stringify({ level, time: new Date().toISOString(), service: process.env.OTEL_SERVICE_NAME ?? 'web', msg, ...fields });
  (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
};

async function main(): Promise<void> {
  const config = readWebServerConfig();
  const server = await startWebServer(config);
  log('info', 'web server listening', { port: server.port, app: config.app, root: config.root, basePath: config.basePath });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log('info', 'shutting down', { signal });
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  log('error', 'failed to start', { err: err instanceof Error ? err.message : String(err) });
  process.exit(1);
});

import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RemotesManifest } from '@hsa/contracts';
import { parseCorsOrigins } from './cors';
import { defaultRemotesManifest, parseRemotesManifest } from './remotes-manifest';
import type { SecurityHeaderOptions } from './security-headers';

export type WebApp = 'shell' | 'remote';

/** What the web server needs to run (see the README's "Container images"). */
export interface WebServerConfig {
  port: number;
  host: string;
  /** The built front end: its dist folder (WEB_ROOT). */
  root: string;
  /** Where it is served (WEB_BASE_PATH): `/` for the shell, `/remotes/<name>/` for a remote behind the ingress. */
  basePath: string;
  /** `shell`: SPA fallback and /remotes.json; `remote`: files only (WEB_APP, else guessed from mf-manifest.json). */
  app: WebApp;
  /** Origins allowed to load the files from another origin (CORS_ORIGINS). */
  corsOrigins: string[];
  /** The shell's GET /remotes.json (REMOTES_MANIFEST, default: every known remote under /remotes/<name>/). */
  remotesManifest: RemotesManifest;
  /** The same security headers as the gateway's (PUBLIC_URL, OIDC_ISSUER_URL, S3_*, GOOGLE_MAPS_BROWSER_KEY). */
  security: SecurityHeaderOptions;
  /** Longest wait for open requests on SIGTERM before closing their connections. */
  shutdownGraceMs: number;
}

const text = (value: string | undefined) => value?.trim() || undefined;

/** `/`, or `/a/b/`: leading and trailing slash, no doubled ones. */
export function normalizeBasePath(value: string): string {
  const inner = value.split('/').filter(Boolean).join('/');
  return inner ? `/${inner}/` : '/';
}

/**
 * Reads the web server's environment. Every problem is reported at once, one line per variable, the way the
 * services' configuration errors read.
 */
export function readWebServerConfig(env: NodeJS.ProcessEnv = process.env): WebServerConfig {
  const problems: string[] = [];
  const attempt = <T>(name: string, read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (err) {
      problems.push(`  ${name}: ${(err as Error).message.replace(new RegExp(`^${name}: `), '')}`);
      return fallback;
    }
  };

  const port = attempt('PORT', () => {
    const value = Number(text(env.PORT) ?? 8080);
    if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error('must be a port number (0-65535)');
    return value;
  }, 8080);
  const root = attempt('WEB_ROOT', () => {
    const value = text(env.WEB_ROOT);
    if (!value) throw new Error('is required: the built front end (its dist folder)');
    const resolved = path.resolve(value);
    if (!existsSync(resolved) || !statSync(resolved).isDirectory()) throw new Error(`${resolved} is not a folder`);
    return resolved;
  }, '');
  const app = attempt('WEB_APP', (): WebApp => {
    const value = text(env.WEB_APP);
    if (value === undefined) return root && existsSync(path.join(root, 'mf-manifest.json')) ? 'remote' : 'shell';
    if (value !== 'shell' && value !== 'remote') throw new Error('must be "shell" or "remote"');
    return value;
  }, 'shell');
  const corsOrigins = attempt('CORS_ORIGINS', () => parseCorsOrigins(env.CORS_ORIGINS ?? ''), []);
  const manifestText = text(env.REMOTES_MANIFEST);
  const remotesManifest = attempt('REMOTES_MANIFEST', () => (manifestText ? parseRemotesManifest(manifestText) : defaultRemotesManifest()), {});
  const url = (name: string, fallback?: string) =>
    attempt(name, () => {
      const value = text(env[name]) ?? fallback;
      if (value !== undefined && !URL.canParse(value)) throw new Error('must be an absolute URL');
      return value;
    }, undefined);
  const publicUrl = url('PUBLIC_URL', `http://localhost:${port}`) ?? `http://localhost:${port}`;

  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    port,
    host: text(env.HOST) ?? '0.0.0.0',
    root,
    basePath: normalizeBasePath(env.WEB_BASE_PATH ?? '/'),
    app,
    corsOrigins,
    remotesManifest,
    security: {
      publicUrl: publicUrl.replace(/\/$/, ''),
      issuerUrl: url('OIDC_ISSUER_URL', 'http://localhost:8081')!,
      objectStoreUrl: url('S3_PUBLIC_ENDPOINT') ?? url('S3_ENDPOINT'),
      remotesManifest: manifestText,
      googleMaps: !!text(env.GOOGLE_MAPS_BROWSER_KEY),
      crossOriginResourcePolicy: corsOrigins.length ? 'cross-origin' : 'same-origin',
    },
    shutdownGraceMs: 10_000,
  };
}

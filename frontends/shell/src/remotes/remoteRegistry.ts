import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemotesManifest } from '@hsa/contracts';

let registration: Promise<RemotesManifest> | null = null;

async function fetchManifest(): Promise<RemotesManifest> {
  // The default cache mode (the server says no-cache: always revalidated) lets this use index.html's preload.
  const response = await fetch('/remotes.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText} (/remotes.json)`);
  return (await response.json()) as RemotesManifest;
}

/**
 * Reads the remote addresses at run time and registers them with the federation runtime, so a
 * team redeploys its remote (and edits /remotes.json) without rebuilding the shell. A failed read
 * is retried on the next call.
 */
export function ensureRemotesRegistered(): Promise<RemotesManifest> {
  registration ??= fetchManifest()
    .then((manifest) => {
      registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
      return manifest;
    })
    .catch((error: unknown) => {
      registration = null;
      throw error;
    });
  return registration;
}

async function importRemoteComponent(remote: string, exposed: string): Promise<ComponentType> {
  const manifest = await ensureRemotesRegistered();
  if (!manifest[remote]) throw new Error(`The remote "${remote}" is not in /remotes.json`);
  const module = await loadRemote<{ default?: ComponentType }>(`${remote}/${exposed.replace(/^\.\//, '')}`);
  if (!module?.default) throw new Error(`${remote}/${exposed} has no default export`);
  return module.default;
}

const components = new Map<string, Promise<ComponentType>>();

/**
 * Loads `exposed` (e.g. './DashboardPage') of `remote` and answers its default export: one promise per module, so
 * a page can suspend on it (React's `use`). A failed load stays failed until retryRemoteComponent.
 */
export function loadRemoteComponent(remote: string, exposed: string): Promise<ComponentType> {
  const key = `${remote}/${exposed}`;
  let component = components.get(key);
  if (!component) {
    component = importRemoteComponent(remote, exposed);
    components.set(key, component);
  }
  return component;
}

/** Forgets a failed load, so the next loadRemoteComponent tries again. */
export function retryRemoteComponent(remote: string, exposed: string): void {
  components.delete(`${remote}/${exposed}`);
}

/** Starts loading a remote page early (e.g. while antd is still downloading); errors surface later. */
export function prefetchRemoteComponent(remote: string, exposed: string): void {
  loadRemoteComponent(remote, exposed).catch(() => {});
}

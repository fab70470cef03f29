import type { RequestHandler } from 'express';
import { knownRemotes, remoteBasePath, type RemotesManifest } from '@hsa/contracts';
import { REVALIDATE } from './static-files';

/** Every known remote at its place on the product's origin (`/remotes/<name>/mf-manifest.json`). */
export function defaultRemotesManifest(names: readonly string[] = knownRemotes): RemotesManifest {
  return Object.fromEntries(names.map((name) => [name, `${remoteBasePath(name)}mf-manifest.json`]));
}

/**
 * Reads a REMOTES_MANIFEST value: a JSON object of remote name -> URL of its mf-manifest.json (absolute, or a
 * path on the shell's origin). Throws a message naming what is wrong.
 */
export function parseRemotesManifest(text: string): RemotesManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('REMOTES_MANIFEST: must be JSON, e.g. {"wizard":"/remotes/wizard/mf-manifest.json"}');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('REMOTES_MANIFEST: must be a JSON object');
  for (const [name, url] of Object.entries(parsed)) {
    if (typeof url !== 'string' || !URL.canParse(url, 'http://localhost')) {
      throw new Error(`REMOTES_MANIFEST: "${name}" must map to the URL of its mf-manifest.json`);
    }
  }
  return parsed as RemotesManifest;
}

/** GET /remotes.json: where the shell finds each remote at run time (read per request, revalidated every time). */
export function remotesManifestRoute(manifest: () => RemotesManifest | string): RequestHandler {
  return (_req, res) => {
    res.setHeader('Cache-Control', REVALIDATE);
    const value = manifest();
    if (typeof value === 'string') res.type('application/json').send(value);
    else res.json(value);
  };
}

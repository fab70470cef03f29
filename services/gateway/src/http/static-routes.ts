import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { knownRemotes, remoteBasePath, type RemotesManifest } from '@hsa/contracts';
import { remotesManifestRoute, shellFallback, staticFiles } from '@hsa/web-server';

/**
 * The embedded default's static hosting, with the web images' own modules (@hsa/web-server): the shell at `/`,
 * each remote under `/remotes/<name>/`, the runtime manifest at `/remotes.json` (the remotes that are built, unless
 * REMOTES_MANIFEST says otherwise), and the shell's index.html for app routes (404 status for paths outside the
 * route table, where the shell renders its 404 page).
 */
export function staticRoutes(options: { webRoot: string; manifestOverride?: string | undefined }): Router {
  const router = Router();
  const distOf = (name: string) => path.join(options.webRoot, name, 'dist');

  const builtRemotes = (): RemotesManifest =>
    Object.fromEntries(
      knownRemotes
        .filter((name) => fs.existsSync(path.join(distOf(name), 'mf-manifest.json')))
        .map((name) => [name, `${remoteBasePath(name)}mf-manifest.json`]),
    );
  router.get('/remotes.json', remotesManifestRoute(() => options.manifestOverride || builtRemotes()));

  for (const name of knownRemotes) router.use(remoteBasePath(name).replace(/\/$/, ''), staticFiles(distOf(name)));
  router.use(staticFiles(distOf('shell')));
  router.use(shellFallback(path.join(distOf('shell'), 'index.html'), ['/api/', '/remotes/']));
  return router;
}

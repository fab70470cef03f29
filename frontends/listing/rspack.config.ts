import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@hsa/ui-kit/build';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createWebConfig({
    dir,
    name: 'listing',
    mode: argv.mode ?? 'production',
    // Served at /remotes/listing/ by the gateway (or anywhere else): chunks load relative to the entry.
    publicPath: 'auto',
    federation: {
      filename: 'static/js/remoteEntry.[contenthash:8].js',
      exposes: {
        './RecommendationsPage': './src/pages/RecommendationsPage.tsx',
        './ListingPage': './src/pages/ListingPage.tsx',
      },
      manifest: true,
    },
    // index.html renders the pages on their own, for working on this remote without the shell.
    html: { title: 'Recommendations and Listing (standalone)', template: path.join(dir, 'src/index.html') },
  });

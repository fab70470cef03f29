import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@hsa/ui-kit/build';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createWebConfig({
    dir,
    name: 'dashboard',
    mode: argv.mode ?? 'production',
    // Served at /remotes/dashboard/ by the gateway (or anywhere else): chunks load relative to the entry.
    publicPath: 'auto',
    federation: {
      filename: 'static/js/remoteEntry.[contenthash:8].js',
      exposes: { './DashboardPage': './src/pages/DashboardPage.tsx' },
      manifest: true,
    },
    // index.html renders the page on its own, for working on the remote without the shell.
    html: { title: 'My Properties (standalone)', template: path.join(dir, 'src/index.html') },
  });

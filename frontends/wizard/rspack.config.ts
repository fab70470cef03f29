import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@hsa/ui-kit/build';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createWebConfig({
    dir,
    name: 'wizard',
    mode: argv.mode ?? 'production',
    // Served at /remotes/wizard/ by the gateway (or anywhere else): chunks load relative to the entry.
    publicPath: 'auto',
    federation: {
      filename: 'static/js/remoteEntry.[contenthash:8].js',
      exposes: {
        // Plain React (no antd): the first page of every visit.
        './LandingPage': './src/pages/LandingPage.tsx',
        './WizardPage': './src/pages/WizardPage.tsx',
        './SavePropertyPage': './src/pages/SavePropertyPage.tsx',
      },
      manifest: true,
    },
    // index.html renders the pages on their own, for working on this remote without the shell.
    html: { title: 'Property Analysis (standalone)', template: path.join(dir, 'src/index.html') },
  });

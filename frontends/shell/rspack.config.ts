import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@hsa/ui-kit/build';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createWebConfig({
    dir,
    name: 'shell',
    mode: argv.mode ?? 'production',
    publicPath: '/',
    // No remotes at build time: they are registered at run time from GET /remotes.json.
    federation: { remotes: {}, manifest: false },
    html: {
      title: 'Home Seller Analyzer',
      template: path.join(dir, 'src/index.html'),
      favicon: path.join(dir, 'public/favicon.svg'),
    },
  });

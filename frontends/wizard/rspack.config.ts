import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWebConfig } from '@hsa/ui-kit/build';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) => {
  const mode = argv.mode ?? 'production';
  const config = createWebConfig({
    dir,
    name: 'wizard',
    mode,
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
  // The address parser (@sroussey/parse-address, loaded for manual entry) runs on xregexp, whose browser build is
  // CommonJS: `require('@babel/runtime-corejs3/helpers/interopRequireDefault')`. The shared config resolves every
  // request in node_modules with the 'import' condition, which hands such a require() the helper's ES module (a
  // namespace object, not a function): "E is not a function" in the browser and no prefill. Requests made by
  // xregexp resolve as the require() they are. (resolve.byDependency, at the top level or in a rule, does not change
  // this under the shared node_modules rule in Rspack 2.2; the general fix belongs in @hsa/ui-kit/build.)
  config.module?.rules?.push({
    test: /[\\/]node_modules[\\/]xregexp[\\/]/,
    resolve: { conditionNames: ['browser', 'require', 'webpack', mode, 'default'] },
  });
  return config;
};

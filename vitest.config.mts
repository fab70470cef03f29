import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the "source" condition, so tests run
// against src without a prior build.


export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    globalSetup: ['tools/dev/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // Node itself resolves externals with these conditions: only our own server packages need "source"
        // (the web project would otherwise load raw TypeScript some npm packages publish under it).
        ssr: { resolve: { conditions: ['source', ...defaultServerConditions.filter((c) => c !== 'module')] } },
        test: {
          name: 'server',
          environment: 'node',
          include: ['contracts/test/**/*.test.ts', 'services/*/test/**/*.test.ts', 'frontends/server/test/**/*.test.ts', 'tools/dev/test/**/*.test.ts', 'tools/deploy/test/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          setupFiles: ['frontends/vitest.setup.ts'],
          include: ['frontends/*/test/**/*.test.{ts,tsx}'],
          // The web server is a Node program: the server project runs its tests.
          exclude: ['frontends/server/**', '**/node_modules/**'],
        },
      },
    ],
  },
});

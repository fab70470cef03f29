import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the "source" condition, so tests run
// against src without a prior build.


const web = {
  environment: 'jsdom',
  setupFiles: ['frontends/vitest.setup.ts'],
  include: ['frontends/*/test/**/*.test.{ts,tsx}'],
  // The web server is a Node program: the server project runs its tests.
  exclude: ['frontends/server/**', '**/node_modules/**'],
  unstubGlobals: true,
  restoreMocks: true,
} as const;

/** The web test files that replace a module with vi.mock (or vi.doMock). */
const webFilesReplacingModules = readdirSync('frontends', { recursive: true, encoding: 'utf8' })
  .map((file) => path.join('frontends', file))
  .filter((file) => /^frontends\/(?!server\/)[^/]+\/test\/.*\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')));

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
          ...web,
          name: 'web',
          exclude: [...web.exclude, ...webFilesReplacingModules],
          // One jsdom and one module graph per worker, not per file: importing React, antd and the remotes again
          // for each file took three quarters of this project's time. Each file cleans up what it renders, stubs and
          // fakes (the setup file and the options below make sure).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...web,
          name: 'web-isolated',
          // vi.mock replaces a module for the whole module graph: such files get a graph of their own.
          include: webFilesReplacingModules,
        },
      },
    ],
  },
});

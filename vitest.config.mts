import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Workspace packages export their TypeScript sources under the "source" condition, so tests run
// against src without a prior build.

const root = path.dirname(fileURLToPath(import.meta.url));
const inRoot = (file: string) => path.join(root, file);

/** The test files (relative to the root) in the `test` folder of `parent` or else of each package under it. */
function testFiles(...parents: string[]): string[] {
  const folders = parents.flatMap((parent) =>
    existsSync(inRoot(path.join(parent, 'test'))) ? [path.join(parent, 'test')] : readdirSync(inRoot(parent)).map((name) => path.join(parent, name, 'test')),
  );
  return folders
    .filter((folder) => existsSync(inRoot(folder)))
    .flatMap((folder) => readdirSync(inRoot(folder), { recursive: true, encoding: 'utf8' }).map((file) => path.join(folder, file)))
    .filter((file) => /\.test\.tsx?$/.test(file));
}

const serverFiles = testFiles('contracts', 'services', 'frontends/server', 'tools/dev', 'tools/deploy');
const webFiles = testFiles('frontends').filter((file) => !file.startsWith(`frontends${path.sep}server${path.sep}`));
const using = (pattern: RegExp) => (file: string) => pattern.test(readFileSync(inRoot(file), 'utf8'));

/**
 * Files that change something a whole module graph shares: OpenTelemetry's process-wide tracer and meter providers
 * (which the kit's instruments bind to when first used), or a module replaced with vi.mock. They run isolated, each
 * in a graph of its own; every other file shares its worker's graph with the files before it, so React, antd, the
 * service kit and the protobuf code are imported once per worker rather than once per file.
 */
const serverFilesIsolated = serverFiles.filter(using(/\b(captureTelemetry|startTracing)\(/));
const webFilesIsolated = webFiles.filter(using(/\bvi\.(mock|doMock)\(/));

const without = (files: string[], excluded: string[]) => files.filter((file) => !excluded.includes(file));

// Node itself resolves externals with these conditions: only our own server packages need "source"
// (the web project would otherwise load raw TypeScript some npm packages publish under it).
const server = {
  extends: true,
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions.filter((c) => c !== 'module')] } },
  test: { environment: 'node' },
} satisfies TestProjectInlineConfiguration;

const web = {
  extends: true,
  test: {
    environment: 'jsdom',
    setupFiles: ['frontends/vitest.setup.ts'],
    unstubGlobals: true,
    restoreMocks: true,
  },
} satisfies TestProjectInlineConfiguration;

export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    globalSetup: ['tools/dev/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One worker more than there are cores: many files spend much of their time waiting on PostgreSQL, NATS or a
    // service process they started, so vitest's default (cores - 1, a single worker on two cores) left the CPU idle
    // half the time. On two cores: 1 worker 535 s, 2 workers 310 s, 3 workers 272 s, 4 workers 289 s.
    maxWorkers: availableParallelism() + 1,
    projects: [
      { ...server, test: { ...server.test, name: 'server', include: without(serverFiles, serverFilesIsolated), isolate: false } },
      { ...server, test: { ...server.test, name: 'server-isolated', include: serverFilesIsolated } },
      { ...web, test: { ...web.test, name: 'web', include: without(webFiles, webFilesIsolated), isolate: false } },
      { ...web, test: { ...web.test, name: 'web-isolated', include: webFilesIsolated } },
    ],
  },
});

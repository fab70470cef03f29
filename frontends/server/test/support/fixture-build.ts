import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rspack, type Stats } from '@rspack/core';
import { createWebConfig, GzipReportPlugin } from '@hsa/ui-kit/build';

/** The fixture remote's sources (test/fixtures/site). */
export const fixtureDir = path.join(__dirname, '..', 'fixtures', 'site');

/**
 * Builds the fixture into a new temporary folder (test files building it at once do not collide) and answers it;
 * exactly as a remote is built (createWebConfig: content-hashed names, Module Federation with its
 * manifest, precompressed .br/.gz siblings), so the server is tested against real build output.
 */
export async function buildFixture(): Promise<string> {
  const config = createWebConfig({
    dir: fixtureDir,
    name: 'fixture',
    mode: 'production',
    publicPath: 'auto',
    federation: { filename: 'static/js/remoteEntry.[contenthash:8].js', exposes: { './Greeting': './src/Greeting.ts' }, manifest: true },
    html: { title: 'Fixture', template: path.join(fixtureDir, 'src', 'index.html') },
  });
  // No size report in the test output.
  const plugins = (config.plugins ?? []).filter((plugin) => !(plugin instanceof GzipReportPlugin));
  const dist = mkdtempSync(path.join(os.tmpdir(), 'hsa-web-fixture-'));
  const compiler = rspack({ ...config, output: { ...config.output, path: dist }, plugins });
  const stats = await new Promise<Stats | undefined>((resolve, reject) => {
    compiler.run((err, result) => compiler.close(() => (err ? reject(err) : resolve(result))));
  });
  if (!stats || stats.hasErrors()) throw new Error(`fixture build failed:\n${stats?.toString({ all: false, errors: true })}`);
  return dist;
}

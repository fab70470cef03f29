/**
 * `npm run deploy:check [root]`: checks the Helm chart, the values schema, the Dockerfiles and skaffold.yaml of the
 * repository (or of another root laid out the same way), offline. Prints every failure as
 * `file[:line]: [check/rule] (profile) Kind/name: message`, then a summary; exit code 1 on any failure.
 */
import path from 'node:path';
import { runDeployCheck } from './check';
import { formatFailure } from './failure';
import { toolRepoRoot } from './paths';

async function main(): Promise<void> {
  const root = path.resolve(process.argv[2] ?? toolRepoRoot);
  const began = performance.now();
  const report = await runDeployCheck(root);
  const total = (performance.now() - began) / 1000;
  for (const failure of report.failures) console.log(formatFailure(failure));
  const { profiles, objects, badValuesCases, dockerfiles, skaffoldRenders } = report.counts;
  console.log(`\n[deploy:check] ${root}`);
  console.log(`  ${profiles} values profiles, ${objects} rendered objects; ${badValuesCases} bad-values cases; ${dockerfiles} Dockerfiles; ${skaffoldRenders} skaffold renders`);
  for (const [step, seconds] of Object.entries(report.seconds)) console.log(`  ${step.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s`);
  console.log(`  ${'total'.padEnd(28)} ${total.toFixed(1).padStart(6)} s`);
  console.log(report.failures.length ? `${report.failures.length} failure(s)` : 'deploy:check passed');
  process.exit(report.failures.length ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error('[deploy:check] could not run:', err);
  process.exit(2);
});

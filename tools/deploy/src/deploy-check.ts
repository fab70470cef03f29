/**
 * `npm run deploy:check [root]`: checks the Helm chart, the values schema, the Dockerfiles and skaffold.yaml of the
 * repository (or of another root laid out the same way), offline. Prints every failure as
 * `file[:line]: [check/rule] (profile) Kind/name: message`, then a summary; exit code 1 on any failure.
 */
import path from 'node:path';
import { runDeployCheck } from './check';
import { toolRepoRoot } from './paths';
import { formatReport } from './report';

async function main(): Promise<void> {
  const root = path.resolve(process.argv[2] ?? toolRepoRoot);
  const began = performance.now();
  const report = await runDeployCheck(root);
  console.log(formatReport(root, report, (performance.now() - began) / 1000));
  process.exit(report.failures.length ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error('[deploy:check] could not run:', err);
  process.exit(2);
});

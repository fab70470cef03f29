import type { DeployCheckReport } from './check';
import { formatFailure } from './failure';

/** What deploy:check prints: every failure on its own line, then what was checked, the time per step and a verdict. */
export function formatReport(root: string, report: DeployCheckReport, totalSeconds: number): string {
  const lines = report.failures.map(formatFailure);
  const { profiles, objects, badValuesCases, dockerfiles, skaffoldRenders, dashboards, alertRules, promqlExpressions } = report.counts;
  lines.push(
    '',
    `[deploy:check] ${root}`,
    `  ${profiles} values profiles, ${objects} rendered objects; ${badValuesCases} bad-values cases; ${dockerfiles} Dockerfiles; ${skaffoldRenders} skaffold renders; ${dashboards} dashboards, ${alertRules} alert rules, ${promqlExpressions} PromQL expressions`,
  );
  for (const [step, seconds] of Object.entries(report.seconds)) lines.push(`  ${step.padEnd(28)} ${seconds.toFixed(1).padStart(6)} s`);
  lines.push(`  ${'total'.padEnd(28)} ${totalSeconds.toFixed(1).padStart(6)} s`);
  lines.push(report.failures.length ? `${report.failures.length} failure(s)` : 'deploy:check passed');
  return lines.join('\n');
}

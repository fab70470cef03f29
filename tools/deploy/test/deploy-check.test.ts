import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runDeployCheck } from '../src/check';
import { formatFailure } from '../src/failure';
import { formatReport } from '../src/report';
import { copyFixture, fixturesDir, type FixtureCopy } from './support/fixture';

describe('deploy:check on the fixture repository', () => {
  let copy: FixtureCopy | undefined;
  afterEach(() => copy?.cleanup());

  it('passes every check on the good fixture (all profiles, bad values, Dockerfiles, skaffold)', async () => {
    const began = performance.now();
    const report = await runDeployCheck(path.join(fixturesDir, 'good'));
    const seconds = (performance.now() - began) / 1000;
    expect(report.failures.map(formatFailure)).toEqual([]);
    expect(report.counts).toEqual({ profiles: 4, objects: 30, badValuesCases: 7, dockerfiles: 3, skaffoldRenders: 2, dashboards: 1, alertRules: 1, promqlExpressions: 4 });
    console.log(`[deploy-check] good fixture: ${seconds.toFixed(1)} s`, report.seconds);
  }, 120_000);

  it('fails clearly when the chart is not there, and still checks the rest', async () => {
    copy = copyFixture();
    copy.remove('helm/home-seller-analyzer');
    const report = await runDeployCheck(copy.root);
    expect(report.failures[0]).toMatchObject({ check: 'chart', rule: 'chart-missing', file: 'helm/home-seller-analyzer/Chart.yaml' });
    expect(report.failures[0]!.message).toMatch(/the Helm chart is not there: deploy:check expects it at helm\/home-seller-analyzer/);
    // Said once, and the Dockerfiles and skaffold's artifacts are checked all the same.
    expect(report.failures).toHaveLength(1);
    expect(report.counts.dockerfiles).toBe(3);
  }, 60_000);

  it('prints file, rule, profile and object of each failure, then the count', async () => {
    copy = copyFixture();
    copy.replace('helm/home-seller-analyzer/ci/features-off-values.yaml', 'enabled: false', 'enabled: false\ngateway:\n  image: {repository: hsa-gateway, tag: latest}');
    const report = await runDeployCheck(copy.root, new Set(['chart']));
    const text = formatReport(copy.root, report, 1);
    expect(text).toContain(
      'helm/home-seller-analyzer/templates/components.yaml: [policy/image-tag] (profile ci/features-off) Deployment/hsa-gateway: container "gateway": image "hsa-gateway:latest" uses the tag "latest"',
    );
    expect(text).toMatch(/\n1 failure\(s\)$/);
  }, 60_000);
});

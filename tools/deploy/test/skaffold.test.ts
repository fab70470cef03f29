import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPatch, checkSkaffold, fillTemplates, templateName, withProfile } from '../src/skaffold';
import { COMPONENTS, copyFixture, fixturesDir, type FixtureCopy } from './support/fixture';

describe('skaffold.yaml consistency', () => {
  let copy: FixtureCopy | undefined;
  afterEach(() => copy?.cleanup());
  const rules = async () => (await checkSkaffold(copy!.root)).failures.map((f) => [f.rule, f.file, f.object, f.message]);

  it('the fixture: every artifact built from an existing Dockerfile and consumed, in both skaffold variants', async () => {
    const result = await checkSkaffold(path.join(fixturesDir, 'good'));
    expect(result).toEqual({ failures: [], artifactImages: ['hsa-gateway', 'hsa-property', 'hsa-data'], renders: 2 });
  }, 60_000);

  it("an artifact whose Dockerfile does not exist (also a staged context's)", async () => {
    copy = copyFixture();
    copy.replace('skaffold.yaml', 'dockerfile: services/property/Dockerfile', 'dockerfile: services/propertyy/Dockerfile');
    copy.replace('skaffold.yaml', 'dockerfile: ../../deploy/data/Dockerfile', 'dockerfile: ../../deploy/dataa/Dockerfile');
    expect(await rules()).toEqual([
      ['artifact-dockerfile', 'skaffold.yaml', undefined, 'artifact hsa-property: docker.dockerfile services/propertyy/Dockerfile (relative to context .) is services/propertyy/Dockerfile, which does not exist'],
      ['artifact-dockerfile', 'skaffold.yaml', undefined, 'artifact hsa-data: docker.dockerfile ../../deploy/dataa/Dockerfile (relative to context .build/data) is deploy/dataa/Dockerfile, which does not exist'],
    ]);
  }, 60_000);

  it('a staged context without the hook that makes it, or whose script is missing', async () => {
    copy = copyFixture();
    copy.remove('tools/images/stage-data.mjs');
    expect(await rules()).toEqual([['artifact-context', 'skaffold.yaml', undefined, 'artifact hsa-data: its staging hook runs tools/images/stage-data.mjs, which does not exist']]);
    copy.replace('skaffold.yaml', /      hooks:\n.*\n.*\n/, '');
    expect(await rules()).toEqual([['artifact-context', 'skaffold.yaml', undefined, 'artifact hsa-data: context .build/data is staged, but no hooks.before command (a script) makes it']]);
  }, 60_000);

  it("an artifact no component consumes, and the component's image that then has no artifact", async () => {
    copy = copyFixture();
    copy.replace('skaffold.yaml', "          property.image.repository: '{{.IMAGE_REPO_hsa_property}}'\n          property.image.tag: '{{.IMAGE_TAG_hsa_property}}'\n", '');
    expect(await rules()).toEqual([
      ['artifact-not-consumed', 'skaffold.yaml', undefined, 'artifact hsa-property: no rendered container uses it in any skaffold profile (setValueTemplates must set a component\'s image.repository/tag to {{.IMAGE_REPO_hsa_property}}/{{.IMAGE_TAG_hsa_property}})'],
      ['image-without-artifact', COMPONENTS, 'Deployment/hsa-property', 'uses hsa-property:0.1.0, which skaffold does not build and set (no artifact hsa-property wired through setValueTemplates)'],
    ]);
  }, 60_000);

  it('a chart image without an artifact', async () => {
    copy = copyFixture();
    copy.replace('skaffold.yaml', /    - image: hsa-property\n.*\n.*\n.*\n/, '');
    copy.replace('skaffold.yaml', "          property.image.repository: '{{.IMAGE_REPO_hsa_property}}'\n          property.image.tag: '{{.IMAGE_TAG_hsa_property}}'\n", '');
    expect(await rules()).toEqual([
      ['image-without-artifact', COMPONENTS, 'Deployment/hsa-property', 'uses hsa-property:0.1.0, which skaffold does not build and set (no artifact hsa-property wired through setValueTemplates)'],
    ]);
  }, 60_000);

  it('a setValueTemplates key the chart does not have, and an image template naming no artifact', async () => {
    copy = copyFixture();
    copy.replace('skaffold.yaml', "property.image.repository: '{{.IMAGE_REPO_hsa_property}}'", "property.imagee.repository: '{{.IMAGE_REPO_hsa_property}}'");
    copy.replace('skaffold.yaml', "property.image.tag: '{{.IMAGE_TAG_hsa_property}}'", "property.image.tag: '{{.IMAGE_TAG_hsa_propertyy}}'");
    const found = await rules();
    expect(found).toContainEqual(['set-value-unknown-key', 'skaffold.yaml', undefined, "setValueTemplates sets property.imagee.repository, which the chart's values.yaml does not have"]);
    expect(found).toContainEqual(['artifact-not-consumed', 'skaffold.yaml', undefined, '(no profile): setValueTemplates property.image.tag names image template hsa_propertyy, which is no artifact']);
    // The chart's schema refuses the unknown key, so skaffold's deploy would fail: said as such.
    expect(found).toContainEqual(['release-render', 'skaffold.yaml', undefined, expect.stringMatching(/^\(no profile\): the chart does not render with skaffold's values: /)]);
  }, 60_000);

  it('a values file a skaffold profile adds that does not exist', async () => {
    copy = copyFixture();
    copy.replace('skaffold.yaml', 'value: helm/values-external.yaml', 'value: helm/values-externall.yaml');
    expect(await rules()).toEqual([['values-file-missing', 'skaffold.yaml', undefined, 'profile external: valuesFiles names helm/values-externall.yaml, which does not exist']]);
  }, 60_000);

  it('no skaffold.yaml', async () => {
    copy = copyFixture();
    copy.remove('skaffold.yaml');
    expect(await rules()).toEqual([['skaffold-missing', 'skaffold.yaml', undefined, 'there is no skaffold.yaml at the root']]);
  });
});

describe('skaffold templates and profiles, offline', () => {
  const artifacts = new Map([[templateName('hsa-gateway'), 'hsa-gateway']]);

  it('fills image templates with probe references and environment templates with their defaults', () => {
    expect(fillTemplates('{{.IMAGE_REPO_hsa_gateway}}', artifacts).value).toBe('probe.skaffold.invalid/hsa-gateway');
    expect(fillTemplates('{{ .IMAGE_TAG_hsa_gateway }}@{{.IMAGE_DIGEST_hsa_gateway}}', artifacts).value).toBe(`probe-hsa_gateway@sha256:${'0'.repeat(64)}`);
    expect(fillTemplates('{{.IMAGE_FULLY_QUALIFIED_hsa_gateway}}', artifacts).value).toBe(`probe.skaffold.invalid/hsa-gateway:probe-hsa_gateway@sha256:${'0'.repeat(64)}`);
    expect(fillTemplates('{{default "http://hsa.localtest.me" .HSA_PUBLIC_URL}}', artifacts).value).toBe('http://hsa.localtest.me');
    expect(fillTemplates('{{.HOME}}', artifacts).value).toBe('');
    expect(fillTemplates('{{.IMAGE_REPO_hsa_nope}}', artifacts)).toMatchObject({ unknownImages: ['hsa_nope'] });
    expect(fillTemplates('{{ printf "%s" .X }}', artifacts)).toMatchObject({ unsupported: ['{{ printf "%s" .X }}'] });
  });

  it('applies a profile: its sections replace, its JSON patches add, replace and remove', () => {
    const config = { deploy: { helm: { releases: [{ valuesFiles: ['a.yaml'] }] } }, build: { artifacts: [1, 2] } };
    const patched = withProfile(config, {
      patches: [
        { op: 'add', path: '/deploy/helm/releases/0/valuesFiles/-', value: 'b.yaml' },
        { op: 'replace', path: '/build/artifacts/0', value: 9 },
        { op: 'remove', path: '/build/artifacts/1' },
      ],
    });
    expect(patched).toEqual({ deploy: { helm: { releases: [{ valuesFiles: ['a.yaml', 'b.yaml'] }] } }, build: { artifacts: [9] } });
    expect(config.build.artifacts).toEqual([1, 2]);
    expect(withProfile(config, { deploy: { kubectl: {} } }).deploy).toEqual({ kubectl: {} });
    expect(() => applyPatch({}, { op: 'add', path: '/nope/x', value: 1 })).toThrow(/does not exist/);
  });
});

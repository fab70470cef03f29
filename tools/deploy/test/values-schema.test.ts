import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { badValuesCases, chartComponents, checkValuesSchema } from '../src/values-schema';
import { CHART, copyFixture, fixturesDir, type FixtureCopy } from './support/fixture';

describe('values.schema.json is proven to refuse bad values', () => {
  let copy: FixtureCopy | undefined;
  afterEach(() => copy?.cleanup());

  it('derives the cases from the components of values.yaml (hsa-* images)', () => {
    const values = {
      networkPolicy: { enabled: true },
      data: { image: { repository: 'hsa-data', tag: '' } },
      gateway: { enabled: true, image: { repository: 'registry.example/hsa-gateway', tag: '' }, replicas: 1, resources: {} },
      postgresql: { image: { repository: 'postgres', tag: '17' } },
    };
    expect(chartComponents(values)).toEqual(['data', 'gateway']);
    expect(badValuesCases(values).map((c) => [c.name, c.values])).toEqual([
      ['unknown top-level key (unknownTopLevelKey)', { unknownTopLevelKey: true }],
      ['wrong type: gateway.replicas is a string', { gateway: { replicas: 'three' } }],
      ['wrong type: gateway.enabled is a string', { gateway: { enabled: 'yes' } }],
      ['wrong type: gateway.resources is a string', { gateway: { resources: 'large' } }],
      ['unknown key in data (data.imageTag)', { data: { imageTag: 'v1' } }],
      ['unknown key in gateway (gateway.imageTag)', { gateway: { imageTag: 'v1' } }],
    ]);
  });

  it('every case is refused by the fixture chart', async () => {
    const result = await checkValuesSchema(path.join(fixturesDir, 'good'));
    expect(result).toEqual({ failures: [], cases: 7 });
  }, 60_000);

  it('a schema that lets unknown keys and wrong types through fails, naming each case', async () => {
    copy = copyFixture();
    const schemaFile = `${CHART}/values.schema.json`;
    const schema = JSON.parse(copy.read(schemaFile)) as { additionalProperties?: boolean; definitions: { component: { additionalProperties?: boolean; properties: Record<string, unknown> } } };
    delete schema.additionalProperties;
    schema.definitions.component.properties.enabled = {};
    copy.write(schemaFile, JSON.stringify(schema));
    const result = await checkValuesSchema(copy.root);
    expect(result.failures.map((f) => [f.check, f.rule, f.file, f.message])).toEqual([
      ['values-schema', 'bad-values-accepted', schemaFile, 'accepts unknown top-level key (unknownTopLevelKey): {"unknownTopLevelKey":true} renders'],
      ['values-schema', 'bad-values-accepted', schemaFile, 'accepts wrong type: gateway.enabled is a string: {"gateway":{"enabled":"yes"}} renders'],
    ]);
  }, 60_000);

  it('a chart without values.schema.json fails', async () => {
    copy = copyFixture();
    copy.remove(`${CHART}/values.schema.json`);
    expect((await checkValuesSchema(copy.root)).failures).toEqual([
      expect.objectContaining({ rule: 'values-schema-missing', file: `${CHART}/values.schema.json` }),
    ]);
  });
});

// @vitest-environment node
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { antdModuleOf, frontendSourceRoots, namedImportsOf } from '../build/antd-sharing';

const frontends = path.resolve(__dirname, '../..');

describe('antd shared component by component', () => {
  it('names modules the way swc transformImport rewrites the imports', () => {
    expect(antdModuleOf('Button')).toBe('antd/es/button');
    expect(antdModuleOf('InputNumber')).toBe('antd/es/input-number');
    expect(antdModuleOf('ConfigProvider')).toBe('antd/es/config-provider');
  });

  it("finds the product's antd imports, values only, and each is a module of the installed antd", () => {
    const members = namedImportsOf('antd', frontendSourceRoots(frontends));
    expect(members).toEqual(expect.arrayContaining(['App', 'Button', 'ConfigProvider']));
    expect(members).not.toContain('ThemeConfig');
    const require = createRequire(path.join(frontends, 'shell', 'package.json'));
    for (const member of members) expect(() => require.resolve(antdModuleOf(member)), member).not.toThrow();
  });
});

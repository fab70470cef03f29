import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const generator = require('../../protos/scripts/gen-api-types.js') as { apiTypes(file: string): string; source: string; target: string };

describe('the HTTP API types of the shared messages', () => {
  it('are the ones generated from protos/common/v1/common.proto (run npm run gen -w @hsa/protos after changing it)', () => {
    expect(path.relative(path.resolve(__dirname, '..'), generator.target)).toBe(path.join('src', 'gen', 'common.ts'));
    expect(readFileSync(generator.target, 'utf8')).toBe(generator.apiTypes(generator.source));
  });

  it('turn optional fields and messages into nullable ones, and repeated fields into lists', () => {
    const text = generator.apiTypes(generator.source);
    expect(text).toContain('export interface ComparableSale {');
    expect(text).toMatch(/\n  bedrooms: number \| null;\n/);
    expect(text).toMatch(/\n  coordinates: Coordinates \| null;\n/);
    expect(text).toMatch(/\n  adjustments: Adjustment\[\];\n/);
    expect(text).toMatch(/\n  saleAmount: number;\n/);
  });
});

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { Failure } from '../../src/failure';

export const fixturesDir = path.resolve(__dirname, '..', 'fixtures');
export const CHART = 'helm/home-seller-analyzer';
export const COMPONENTS = `${CHART}/templates/components.yaml`;

/** A throwaway copy of a fixture repository, to break one thing in. */
export interface FixtureCopy {
  root: string;
  read(file: string): string;
  write(file: string, text: string): void;
  /** Replaces `from` (which must occur) by `to` in a file. */
  replace(file: string, from: string | RegExp, to: string): void;
  remove(file: string): void;
  cleanup(): void;
}

export function copyFixture(name = 'good'): FixtureCopy {
  const root = mkdtempSync(path.join(tmpdir(), `hsa-deploy-${name}-`));
  cpSync(path.join(fixturesDir, name), root, { recursive: true });
  const at = (file: string) => path.join(root, file);
  return {
    root,
    read: (file) => readFileSync(at(file), 'utf8'),
    write: (file, text) => {
      mkdirSync(path.dirname(at(file)), { recursive: true });
      writeFileSync(at(file), text);
    },
    replace: (file, from, to) => {
      const text = readFileSync(at(file), 'utf8');
      const changed = text.replace(from, to);
      if (changed === text) throw new Error(`${file}: ${String(from)} not found`);
      writeFileSync(at(file), changed);
    },
    remove: (file) => rmSync(at(file), { force: true, recursive: true }),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Asserts that some failure matches each of `expected` (check, rule, file, object, profile: as given). */
export function expectFailures(failures: Failure[], ...expected: Partial<Failure>[]): void {
  for (const want of expected) {
    expect(failures, `expected a failure like ${JSON.stringify(want)}`).toContainEqual(expect.objectContaining(want));
  }
}

/** Only the failures of a rule (to assert exactly which objects a rule named). */
export const ofRule = (failures: Failure[], rule: string) => failures.filter((f) => f.rule === rule);

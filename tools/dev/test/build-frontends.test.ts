import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { inputHash, listWorkspaces } from '../src/build-frontends';
import { formatLogLine } from '../src/log-format';

let root: string;
const write = async (file: string, text: string) => {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
};

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'hsa-build-test-'));
  await write('package.json', JSON.stringify({ workspaces: ['frontends/app', 'frontends/kit', 'frontends/other', 'services/api'] }));
  await write('package-lock.json', '{}');
  await write('frontends/app/package.json', JSON.stringify({ name: '@x/app', dependencies: { '@x/kit': '0.1.0' } }));
  await write('frontends/app/src/index.ts', 'export const a = 1;');
  await write('frontends/kit/package.json', JSON.stringify({ name: '@x/kit' }));
  await write('frontends/kit/src/index.ts', 'export const k = 1;');
  await write('frontends/other/package.json', JSON.stringify({ name: '@x/other' }));
  await write('frontends/other/src/index.ts', "import { Button } from 'antd';");
  await write('services/api/package.json', JSON.stringify({ name: '@x/api' }));
});
afterEach(() => rm(root, { recursive: true, force: true }));

test('the frontend input hash follows its sources and its workspace dependencies, not its output or tests', async () => {
  const hash = () => {
    const all = listWorkspaces(root);
    return inputHash(all.get('@x/app')!, all, root);
  };
  const first = hash();
  expect(hash()).toBe(first);

  await write('frontends/app/dist/main.js', 'built');
  await write('frontends/app/test/a.test.ts', 'test');
  await write('services/api/src/server.ts', 'unrelated');
  expect(hash()).toBe(first);

  await write('frontends/kit/src/index.ts', 'export const k = 2;');
  const afterKit = hash();
  expect(afterKit).not.toBe(first);

  await write('package-lock.json', '{"changed":true}');
  expect(hash()).not.toBe(afterKit);
});

test("a frontend's input hash follows the other front ends' sources (the shared antd components are read from them)", async () => {
  const hash = () => {
    const all = listWorkspaces(root);
    return inputHash(all.get('@x/app')!, all, root);
  };
  const first = hash();
  await write('frontends/other/test/a.test.ts', 'test');
  expect(hash()).toBe(first);
  await write('frontends/other/src/index.ts', "import { Button, Select } from 'antd';");
  expect(hash()).not.toBe(first);
});

test('service log lines are shown as time, level and message', () => {
  const line = JSON.stringify({ level: 40, time: Date.UTC(2026, 0, 1, 12, 0, 0), msg: 'NATS unavailable', url: 'nats://x', pid: 1 });
  const text = formatLogLine(line, false);
  expect(text).toMatch(/^\d\d:\d\d:\d\d WARN  NATS unavailable url=nats:\/\/x$/);
  const labelled = JSON.stringify({ level: 'error', time: '2026-01-01T12:00:00.000Z', service: 'gateway', msg: 'boom' });
  expect(formatLogLine(labelled, false)).toMatch(/^\d\d:\d\d:\d\d ERROR boom$/);
  expect(formatLogLine('plain text', false)).toBe('plain text');
});

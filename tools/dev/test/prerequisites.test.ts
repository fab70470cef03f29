import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { repoRoot } from '../src/paths';

const script = path.join(repoRoot, 'tools', 'dev', 'scripts', 'prerequisites.mjs');
const asRoot = process.getuid?.() === 0;
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hsa-prereq-'));
  await chmod(dir, 0o755);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Runs the check with a headless shell that is not there, as root or (dropping privileges) as nobody. */
function check(env: Record<string, string>, user: 'root' | 'nobody') {
  const command = user === 'nobody' && asRoot ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath] : [process.execPath];
  const began = Date.now();
  const run = spawnSync(command[0]!, [...command.slice(1), script], { env: { PATH: process.env.PATH!, ...env }, encoding: 'utf8', cwd: '/' });
  return { ...run, seconds: (Date.now() - began) / 1000 };
}

describe('npm test prerequisites', () => {
  test('stops at once, naming what is missing and the command that installs it, when it cannot install', () => {
    const run = check({ CHROMIUM_HEADLESS_SHELL_PATH: path.join(dir, 'chromium-headless-shell') }, 'nobody');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`npm test needs Chromium's headless shell (${path.join(dir, 'chromium-headless-shell')}), which is missing.`);
    expect(run.stderr).toContain('Install with: sudo apt-get install -y chromium-headless-shell');
    expect(run.seconds).toBeLessThan(5);
  });

  test.runIf(asRoot)('installs what is missing with apt-get as root, then checks again', async () => {
    const shell = path.join(dir, 'chromium-headless-shell');
    const log = path.join(dir, 'apt-get.log');
    // A stand-in apt-get on PATH: records its arguments and "installs" the headless shell where the check looks for it.
    await writeFile(
      path.join(dir, 'apt-get'),
      `#!/bin/sh\necho "$@" >> ${log}\ncase "$1" in install) printf '#!/bin/sh\\n' > ${shell}; chmod +x ${shell};; esac\n`,
      { mode: 0o755 },
    );
    const run = check({ CHROMIUM_HEADLESS_SHELL_PATH: shell, PATH: `${dir}:${process.env.PATH}` }, 'root');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect((await readFile(log, 'utf8')).trim().split('\n')).toEqual(['--version', 'update -qq', 'install -y -qq chromium-headless-shell']);
    expect(run.stdout).toContain('[prerequisites] installed chromium-headless-shell');
  });

  test('passes quietly when everything is there', () => {
    const run = check({}, 'root');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
  });
});

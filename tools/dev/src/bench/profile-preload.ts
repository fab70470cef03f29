/**
 * Loaded into every service with `--require` when the bench profiles (BENCH_PROFILE_DIR; Node 20 refuses --cpu-prof
 * in NODE_OPTIONS). SIGUSR2 starts the V8 CPU profiler, the next SIGUSR2 writes `<dir>/<service>-<pid>-<n>.cpuprofile`
 * (open it in Chrome DevTools), so a profile covers exactly one load run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  let running = false;
  let count = 0;
  const name = path.basename(path.dirname(path.dirname(process.argv[1] ?? 'node')));
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    running = false;
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${name}-${process.pid}-${++count}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}

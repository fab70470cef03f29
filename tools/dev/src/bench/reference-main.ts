/**
 * The reference server in a process of its own (as each service has one), so the load generator does not share
 * its event loop. Started by forkReference with its options in BENCH_REFERENCE; tells its port over IPC and stops
 * when the parent disconnects.
 */
import { startReferenceServer, type ReferenceOptions } from './reference-server';

async function main(): Promise<void> {
  const options = JSON.parse(process.env.BENCH_REFERENCE ?? '{}') as ReferenceOptions;
  const server = await startReferenceServer(options);
  process.once('disconnect', () => void server.close().then(() => process.exit(0)));
  process.send!({ port: server.port });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

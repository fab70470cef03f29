/**
 * `node services/media/dist/embedded-s3/main.js`: the embedded S3-compatible server of `npm start` (see server.ts).
 * Prints one JSON line when it listens, so a launcher can wait for it.
 */
import { createLogger, handleShutdown, runMain } from '@hsa/service-kit';
import { readEmbeddedS3Config } from './config';
import { startEmbeddedS3 } from './server';

const logger = createLogger('s3');

runMain(logger, async () => {
  const config = readEmbeddedS3Config();
  const server = await startEmbeddedS3({ ...config, log: (line) => logger.debug(line) });
  handleShutdown(logger, [() => server.close()]);
  logger.info({ endpoint: server.endpoint, dataDir: config.dataDir, buckets: config.buckets }, 'embedded S3 server ready');
});

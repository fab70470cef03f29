import './tracing';
import { createLogger, handleShutdown, runMain } from '@hsa/service-kit';
import { readMediaConfig } from './config';
import { startMediaService } from './service';

const logger = createLogger('media');

runMain(logger, async () => {
  const config = readMediaConfig();
  const service = await startMediaService(config, { logger });
  handleShutdown(logger, [() => service.close()]);
  logger.info({ grpcPort: service.grpcPort, healthPort: service.healthPort, bucket: config.s3.bucket }, 'media service ready');
});

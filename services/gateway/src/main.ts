import './instrumentation';
import { createLogger, handleShutdown, runMain } from '@hsa/service-kit';
import { loadGatewayConfig } from './config';
import { startGateway } from './gateway';

const logger = createLogger('gateway');

runMain(logger, async () => {
  const gateway = await startGateway(loadGatewayConfig(), logger);
  handleShutdown(logger, [() => gateway.close()]);
});

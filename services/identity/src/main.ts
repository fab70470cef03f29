import './instrument';
import { createLogger, handleShutdown, runMain } from '@hsa/service-kit';
import { loadIdentityConfig, productionRefusal, serverOptionsFrom } from './config';
import { createIdentityServer } from './server';

const refusal = productionRefusal(process.env);
if (refusal) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}

const logger = createLogger('identity');

runMain(logger, async () => {
  const config = loadIdentityConfig();
  const identity = await createIdentityServer({ ...serverOptionsFrom(config), logger });
  handleShutdown(logger, [() => identity.close()]);
});

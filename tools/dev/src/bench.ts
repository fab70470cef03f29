/** `npm run bench`: every benchmark of the product, printing figures (no pass/fail thresholds). */
import { runGatewayBench } from './bench/gateway-bench';

async function main(): Promise<void> {
  await runGatewayBench();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

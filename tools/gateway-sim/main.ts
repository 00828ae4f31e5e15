import { listen } from '@platform/http';
import { loadConfigOrExit, onShutdownSignal } from '@platform/runtime';
import { loadDotenv } from '../scripts/load-dotenv';
import { createGatewaySimulator } from './gateway-simulator';

/**
 * `node -r @swc-node/register tools/gateway-sim/main.ts` (and `npm start`): the gateway simulator
 * on GATEWAY_SIM_PORT (3005), with the merchant credentials the apps use (ESEWA_PRODUCT_CODE,
 * ESEWA_SECRET_KEY, KHALTI_SECRET_KEY), so the apps' signatures and keys are accepted.
 */
async function main(): Promise<void> {
  loadDotenv();
  const config = loadConfigOrExit();
  const { port, publicBaseUrl } = config.devTools.gatewaySim;
  const app = createGatewaySimulator({
    esewa: { productCode: config.payments.esewa.productCode, secretKey: config.payments.esewa.secretKey },
    khalti: { secretKey: config.payments.khalti.secretKey },
    publicBaseUrl,
  });
  const server = await listen(app, port);
  console.log(`gateway simulator listening on ${publicBaseUrl} (eSewa /esewa/..., Khalti /khalti/...)`);
  onShutdownSignal(() => server.close(2_000), 3_000);
}

main().catch((error) => {
  process.stderr.write(`gateway simulator failed to start: ${error?.stack ?? error}\n`);
  process.exit(1);
});

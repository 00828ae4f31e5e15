import { listen } from '@platform/http';
import { createGatewaySimulator } from './gateway-simulator';

export const SIM_ESEWA = { productCode: 'EPAYTEST', secretKey: '8gBm/:&EnhH.1/q' };
export const SIM_KHALTI_SECRET = 'test-khalti-secret-key';

/**
 * For specs: the simulator on a free port, with the client configuration that points at it
 * (what ESEWA_FORM_URL, ESEWA_STATUS_URL and KHALTI_BASE_URL would say).
 */
export async function startSimulator(options: { khaltiExpiresInSeconds?: number } = {}) {
  const app = createGatewaySimulator({
    esewa: SIM_ESEWA,
    khalti: { secretKey: SIM_KHALTI_SECRET, expiresInSeconds: options.khaltiExpiresInSeconds },
  });
  const server = await listen(app, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.port}`;
  return {
    app,
    url,
    esewa: { ...SIM_ESEWA, formUrl: `${url}/esewa/api/epay/main/v2/form`, statusUrl: `${url}/esewa/api/epay/transaction/status/` },
    khalti: { secretKey: SIM_KHALTI_SECRET, baseUrl: `${url}/khalti/api/v2` },
    /** The test control: decides like a person would and returns where the browser would be sent. */
    async decide(gateway: 'esewa' | 'khalti', id: string, outcome: 'approve' | 'decline' | 'pending', extra: Record<string, string> = {}): Promise<string | null> {
      const response = await fetch(`${url}/__sim/${gateway}/${encodeURIComponent(id)}/decide`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...extra, outcome }),
      });
      if (!response.ok) throw new Error(`decide answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { location: string | null }).location;
    },
    close: () => server.close(1_000),
  };
}

import type { Server } from 'node:http';
import { createAdminApi } from '../../apps/admin-api/src/admin-api';
import { createCustomerApi } from '../../apps/customer-api/src/customer-api';
import { attachRealtime, RealtimeServer } from '../../apps/customer-api/src/realtime/realtime-server';
import { createJobsApp } from '../../apps/jobs/src/jobs-app';
import { createMarketApi } from '../../apps/market-api/src/market-api';
import { HttpApp, listen } from '@platform/http';
import type { Infrastructure } from '@platform/runtime';
import type { Cleanup } from './cleanup';

export interface RunningApp {
  name: string;
  app: HttpApp;
  baseUrl: string;
}

export interface AppsUnderTest {
  adminApi: RunningApp;
  customerApi: RunningApp & { realtime: RealtimeServer };
  marketApi: RunningApp;
  jobs: RunningApp;
}

/** The four composition roots, in this process, on ephemeral ports, over one shared Infrastructure. */
export async function startApps(infra: Infrastructure, cleanup: Cleanup): Promise<AppsUnderTest> {
  const start = async (name: string, create: (infra: Infrastructure) => HttpApp): Promise<RunningApp & { server: Server }> => {
    const app = create(infra);
    const server = await listen(app.express, 0);
    cleanup.add(`stop ${name}`, () => server.close(1_000));
    return { name, app, baseUrl: `http://127.0.0.1:${server.port}`, server: server.server };
  };
  const customerApi = await start('customer-api', createCustomerApi);
  // As main.ts starts it: socket.io on the same server (the channels/socket-fan-out group connects to it).
  const realtime = attachRealtime(customerApi.server, customerApi.app, infra);
  cleanup.add('stop customer-api realtime', () => realtime.close());
  return {
    adminApi: await start('admin-api', createAdminApi),
    customerApi: { ...customerApi, realtime },
    marketApi: await start('market-api', createMarketApi),
    jobs: await start('jobs', createJobsApp),
  };
}

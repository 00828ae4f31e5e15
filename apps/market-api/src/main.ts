import 'reflect-metadata';
import { startService } from '@platform/http';
import { createMarketApi } from './market-api';

startService({
  name: 'market-api',
  port: (config) => config.apps.marketApi.port,
  create: createMarketApi,
});

import 'reflect-metadata';
import { EnsureBootstrapAdminUseCase } from '@platform/domain';
import { startService } from '@platform/http';
import { createAdminApi } from './admin-api';

startService({
  name: 'admin-api',
  port: (config) => config.apps.adminApi.port,
  create: createAdminApi,
  onStart: async (api, infra) => {
    try {
      await api.container.get(EnsureBootstrapAdminUseCase).execute();
    } catch (error) {
      infra.logger.error({ err: error }, 'could not ensure the bootstrap admin (are migrations applied?)');
    }
  },
});

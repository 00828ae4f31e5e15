import { describeOperations } from '@platform/testing';
import { createAdminApi } from './admin-api';

describeOperations('admin-api', createAdminApi, {
  documentedPaths: ['/api/admin/auth/login', '/api/admin/auth/refresh', '/api/admin/auth/me'],
});

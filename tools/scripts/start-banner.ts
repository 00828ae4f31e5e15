import type { AppConfig } from '@platform/config';

/**
 * How to open the jobs dashboard (/admin/queues asks for HTTP Basic auth, any user name): the
 * token itself in development, where it is the known default or the developer's own, and only
 * its setting's name otherwise, so a production log never holds it.
 */
export function dashboardLogin(config: AppConfig): string {
  return config.env === 'development' ? `any user, password ${config.jobs.dashboardToken}` : 'password: JOBS_DASHBOARD_TOKEN';
}

import { expect } from 'chai';
import { loadConfig } from '@platform/config';
import { dashboardLogin } from './start-banner';

describe(dashboardLogin.name, () => {
  it('prints the dashboard password in development', () => {
    expect(dashboardLogin(loadConfig({ JOBS_DASHBOARD_TOKEN: 'my-own-dashboard-token' }))).to.equal('any user, password my-own-dashboard-token');
  });

  it('never prints it outside development', () => {
    // Built from a development config: which keys production requires is not this test's subject.
    const production = { ...loadConfig({ JOBS_DASHBOARD_TOKEN: 'prod-dashboard-token-0123' }), env: 'production' as const, isProduction: true };
    expect(dashboardLogin(production)).to.equal('password: JOBS_DASHBOARD_TOKEN').and.not.include('prod-dashboard-token-0123');
    expect(dashboardLogin(loadConfig({ NODE_ENV: 'test', JOBS_DASHBOARD_TOKEN: 'test-dashboard-token-0123' }))).not.to.include('test-dashboard-token-0123');
  });
});

import { spawnSync } from 'node:child_process';
import { expect } from 'chai';
import { ConfigError } from './config.errors';
import { loadConfig } from './load-config';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.db.url).to.equal('postgres://postgres@127.0.0.1:5432/platform');
    expect(config.apps.adminApi.port).to.equal(3001);
    expect(config.apps.jobs.port).to.equal(3004);
    expect(config.storage.driver).to.equal('local');
    expect(config.limits.courseTrailerMaxFileSizeMb).to.equal(250);
    expect(config.limits.heartbeatRateLimitSeconds).to.equal(8);
    expect(config.limits.completionThresholdPercent).to.equal(90);
  });

  describe('defaults that follow a port', () => {
    it('moves an app\'s public base URL with its port, and the gateways\' return URLs with customer-api', () => {
      const config = loadConfig({ CUSTOMER_API_PORT: '4102', ADMIN_API_PORT: '4101', MARKET_API_PORT: '4103', JOBS_PORT: '4104' });
      expect(config.apps.customerApi.publicBaseUrl).to.equal('http://localhost:4102');
      expect(config.apps.adminApi.publicBaseUrl).to.equal('http://localhost:4101');
      expect(config.apps.marketApi.publicBaseUrl).to.equal('http://localhost:4103');
      expect(config.apps.jobs.publicBaseUrl).to.equal('http://localhost:4104');
    });

    it('points the three gateway URLs at a moved simulator', () => {
      const config = loadConfig({ GATEWAY_SIM_PORT: '4105' });
      expect(config.devTools.gatewaySim).to.deep.equal({ port: 4105, publicBaseUrl: 'http://localhost:4105' });
      expect(config.payments.esewa.formUrl).to.equal('http://localhost:4105/esewa/api/epay/main/v2/form');
      expect(config.payments.esewa.statusUrl).to.equal('http://localhost:4105/esewa/api/epay/transaction/status/');
      expect(config.payments.khalti.baseUrl).to.equal('http://localhost:4105/khalti/api/v2');
    });

    it('keeps a value that is set, and follows a set simulator base URL', () => {
      const config = loadConfig({
        CUSTOMER_API_PORT: '4102',
        CUSTOMER_API_PUBLIC_BASE_URL: 'https://shop.example',
        GATEWAY_SIM_PUBLIC_BASE_URL: 'http://sim.internal:8080',
        KHALTI_BASE_URL: 'https://dev.khalti.com/api/v2',
      });
      expect(config.apps.customerApi.publicBaseUrl).to.equal('https://shop.example');
      expect(config.payments.esewa.formUrl).to.equal('http://sim.internal:8080/esewa/api/epay/main/v2/form');
      expect(config.payments.khalti.baseUrl).to.equal('https://dev.khalti.com/api/v2');
    });

    it('gives the documented ports for an empty environment', () => {
      const config = loadConfig({});
      expect(config.apps.customerApi.publicBaseUrl).to.equal('http://localhost:3002');
      expect(config.payments.esewa.formUrl).to.equal('http://localhost:3005/esewa/api/epay/main/v2/form');
      expect(config.devTools).to.deep.equal({ gatewaySim: { port: 3005, publicBaseUrl: 'http://localhost:3005' }, smtpSink: { webPort: 3006 } });
    });
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ ADMIN_API_PORT: '' }).apps.adminApi.port).to.equal(3001);
  });

  it('names every bad key in one error', () => {
    let error: unknown;
    try {
      loadConfig({ DB_POOL_MAX: 'lots', STORAGE_DRIVER: 'ftp', MARKET_API_PORT: '70000' });
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(ConfigError);
    const keys = (error as ConfigError).problems.map((problem) => problem.key);
    expect(keys).to.have.members(['DB_POOL_MAX', 'STORAGE_DRIVER', 'MARKET_API_PORT']);
  });

  it('never prints the value of a secret', () => {
    const secret = 'tooshort';
    expect(() => loadConfig({ JWT_SECRET: secret }))
      .to.throw(ConfigError, /JWT_SECRET/)
      .with.property('message')
      .that.does.not.include(secret);
  });

  it('requires the secrets in production instead of falling back to development defaults', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.includes('JWT_SECRET')
      .and.includes('ESEWA_SECRET_KEY')
      .and.includes('KHALTI_SECRET_KEY');
  });

  describe('in production', () => {
    /** Everything production requires, with real gateway sandboxes and public URLs. */
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'production-jwt-secret-0123456789',
      ADMIN_PASSWORD: 'production-admin-password',
      ESEWA_SECRET_KEY: 'esewa-secret',
      KHALTI_SECRET_KEY: 'khalti-secret',
      ESEWA_FORM_URL: 'https://rc-epay.esewa.com.np/api/epay/main/v2/form',
      ESEWA_STATUS_URL: 'https://rc.esewa.com.np/api/epay/transaction/status/',
      KHALTI_BASE_URL: 'https://dev.khalti.com/api/v2',
      ADMIN_API_PUBLIC_BASE_URL: 'https://admin.example.np',
      CUSTOMER_API_PUBLIC_BASE_URL: 'https://shop.example.np',
      MARKET_API_PUBLIC_BASE_URL: 'https://market.example.np',
      JOBS_PUBLIC_BASE_URL: 'https://jobs.example.np',
      JOBS_DASHBOARD_TOKEN: 'production-dashboard-token',
      RETURN_URL_ALLOWED_ORIGINS: 'https://shop.example.np',
      METRICS_TOKEN: 'production-metrics-token',
    };
    const problemKeys = (env: Record<string, string | undefined>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((problem) => problem.key);
      }
    };

    it('boots with every required key set, using the URLs given', () => {
      const config = loadConfig(production);
      expect(config.payments.khalti.baseUrl).to.equal('https://dev.khalti.com/api/v2');
      expect(config.apps.customerApi.publicBaseUrl).to.equal('https://shop.example.np');
    });

    it('requires the gateway URLs and the public base URLs instead of deriving them from the simulator or localhost', () => {
      const keys = ['ESEWA_FORM_URL', 'ESEWA_STATUS_URL', 'KHALTI_BASE_URL', 'ADMIN_API_PUBLIC_BASE_URL', 'CUSTOMER_API_PUBLIC_BASE_URL', 'MARKET_API_PUBLIC_BASE_URL', 'JOBS_PUBLIC_BASE_URL'];
      const env = { ...production, ...Object.fromEntries(keys.map((key) => [key, undefined])) };
      expect(problemKeys(env)).to.have.members(keys);
      expect(() => loadConfig(env)).to.throw(ConfigError, /KHALTI_BASE_URL: is required in production/);
    });

    it('refuses a gateway URL on localhost or a loopback address', () => {
      for (const host of ['localhost:3005', '127.0.0.1', '[::1]:3005', 'sim.localhost', '[::ffff:127.0.0.1]', '0.0.0.0']) {
        expect(problemKeys({ ...production, KHALTI_BASE_URL: `http://${host}/khalti/api/v2` }), host).to.deep.equal(['KHALTI_BASE_URL']);
      }
      expect(problemKeys({ ...production, ESEWA_STATUS_URL: 'http://localhost:3005/status' })).to.deep.equal(['ESEWA_STATUS_URL']);
      expect(problemKeys({ ...production, KHALTI_BASE_URL: 'http://127.0.0.1:3005/khalti', NODE_ENV: 'development' })).to.deep.equal([]);
    });

    it('refuses "*" among the return-URL origins, spaces around it included', () => {
      for (const origins of ['*', 'https://a.example,*', 'https://a.example, *', ' * ,https://a.example']) {
        expect(problemKeys({ ...production, RETURN_URL_ALLOWED_ORIGINS: origins }), origins).to.deep.equal(['RETURN_URL_ALLOWED_ORIGINS']);
      }
    });
  });

  it('stops an app at boot with a message naming the bad key', function () {
    this.timeout(30_000);
    const result = spawnSync(process.execPath, ['-r', '@swc-node/register', 'apps/market-api/src/main.ts'], {
      env: { ...process.env, MARKET_API_PORT: 'not-a-port', JWT_SECRET: 'x' },
      encoding: 'utf8',
      timeout: 25_000,
    });
    expect(result.status).to.equal(78);
    expect(result.stderr).to.include('MARKET_API_PORT').and.include('JWT_SECRET').and.not.include('not-a-port');
  });
});

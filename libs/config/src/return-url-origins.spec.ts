import { expect } from 'chai';
import { loadConfig } from './load-config';

describe('RETURN_URL_ALLOWED_ORIGINS', () => {
  const origins = (env: Record<string, string>) => loadConfig(env).payments.returnUrlAllowedOrigins;

  it("defaults to the local apps' origins, not \"*\"", () => {
    expect(origins({})).to.have.members(['http://localhost:3002', 'http://localhost:3001', 'http://localhost:3003']).and.not.include('*');
  });

  it('follows a moved customer-api (its port, or its public base URL), where the demo return page lives', () => {
    expect(origins({ CUSTOMER_API_PORT: '4102' })).to.include(new URL(loadConfig({ CUSTOMER_API_PORT: '4102' }).apps.customerApi.publicBaseUrl).origin);
    expect(origins({ CUSTOMER_API_PUBLIC_BASE_URL: 'https://api.shop.example/base' })).to.include('https://api.shop.example');
  });

  it('takes the listed origins when set, "*" included outside production', () => {
    expect(origins({ RETURN_URL_ALLOWED_ORIGINS: 'https://shop.example, http://localhost:5173' })).to.deep.equal(['https://shop.example', 'http://localhost:5173']);
    expect(origins({ RETURN_URL_ALLOWED_ORIGINS: '*' })).to.deep.equal(['*']);
  });

  it('refuses "*" in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', RETURN_URL_ALLOWED_ORIGINS: 'https://shop.example,*' })).to.throw(/RETURN_URL_ALLOWED_ORIGINS/);
  });
});

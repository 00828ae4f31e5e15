import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { envSchema } from './env-schema';
import { loadConfig } from './load-config';

/** `.env.example` documents every key with its default; this keeps it true. */
describe('.env.example', () => {
  const lines = readFileSync('.env.example', 'utf8').split('\n').filter((line) => /^[A-Z0-9_]+=/.test(line));
  const entries = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));

  it('lists every key the config schema reads', () => {
    expect(Object.keys(entries)).to.have.members(Object.keys(envSchema.shape));
  });

  it('shows the defaults the schema applies', () => {
    expect(loadConfig(entries)).to.deep.equal(loadConfig({}));
  });
});

// One mocha run for the whole workspace: real PostgreSQL and Redis, a scratch database per run
// (libs/testing/src/mocha-hooks.ts). Spec files given on the command line replace the default
// set (mocha would otherwise add them to it), so `nx test <project>` runs just that project.
const specsOnCommandLine = process.argv.slice(2).some((arg) => !arg.startsWith('-') && /\.ts$|\*/.test(arg));

module.exports = {
  require: ['@swc-node/register', 'reflect-metadata', './libs/testing/src/mocha-hooks.ts'],
  extension: ['ts'],
  spec: specsOnCommandLine
    ? []
    : ['libs/**/*.spec.ts', 'libs/**/*.e2e.ts', 'apps/**/*.spec.ts', 'apps/**/*.e2e.ts', 'tools/**/*.spec.ts'],
  ignore: ['**/node_modules/**', 'dist/**'],
  timeout: 20000,
  exit: true,
};

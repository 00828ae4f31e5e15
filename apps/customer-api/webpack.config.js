const { join } = require('node:path');
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');

// Bundles the app and the @platform/* libs it imports into dist/apps/customer-api/main.js; every
// package from node_modules stays external and is listed in the generated package.json
// (with a pruned package-lock.json) for `npm ci --omit=dev` in the Docker image.
// ts-loader (compiler: 'tsc') emits decorator metadata, which typedi and routing-controllers
// need for constructor injection; type checking is left to `npm run typecheck`.
module.exports = {
  output: { path: join(__dirname, '../../dist/apps/customer-api'), clean: true },
  plugins: [
    new NxAppWebpackPlugin({
      target: 'node',
      compiler: 'tsc',
      main: './src/main.ts',
      tsConfig: join(__dirname, 'tsconfig.app.json'),
      optimization: false,
      outputHashing: 'none',
      sourceMap: true,
      typeCheckOptions: false,
      generatePackageJson: true,
      // Loaded by name at run time, so the import graph does not see them.
      runtimeDependencies: ['pg', 'pino-pretty'],
    }),
  ],
};

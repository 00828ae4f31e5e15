const { join } = require('node:path');
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');

/**
 * The webpack config of every app: bundles the app and the @platform/* libs it imports into
 * dist/apps/<app>/<entry>.js; every package from node_modules stays external and is listed in
 * the generated package.json (with a pruned package-lock.json) for `npm ci --omit=dev` in the
 * Docker image. ts-loader (compiler: 'tsc') emits decorator metadata, which typedi and
 * routing-controllers need for constructor injection; type checking is `npm run typecheck`'s job.
 *
 * @param {string} app the folder under apps/
 * @param {{ additionalEntryPoints?: Array<{ entryName: string, entryPath: string }> }} [options]
 */
module.exports = function nodeAppWebpackConfig(app, options = {}) {
  const appRoot = join(__dirname, '../../apps', app);
  return {
    output: { path: join(__dirname, '../../dist/apps', app), clean: true },
    plugins: [
      new NxAppWebpackPlugin({
        target: 'node',
        compiler: 'tsc',
        main: './src/main.ts',
        additionalEntryPoints: options.additionalEntryPoints ?? [],
        // Absolute: with a relative path, tslib silently went missing from the generated package.json.
        tsConfig: join(appRoot, 'tsconfig.app.json'),
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
};

// See tools/build/node-app-webpack.js. `migrate` is the one-shot migration runner of the image
// (docker-compose's `migrate` service runs `node migrate.js`).
module.exports = require('../../tools/build/node-app-webpack')('jobs', {
  additionalEntryPoints: [{ entryName: 'migrate', entryPath: './src/migrate.ts' }],
});

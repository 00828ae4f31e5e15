// See tools/build/node-app-webpack.js.
module.exports = require('../../tools/build/node-app-webpack')('market-api');

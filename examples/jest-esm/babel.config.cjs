// Jest runs test files as CommonJS unless Node is started with --experimental-vm-modules. Babel (babel-jest, Jest's
// default transform) turns their import/export into require/exports, so `import ... from 'identity-mock'` loads
// the package's CommonJS build and no Node flag is needed.
module.exports = { plugins: ['@babel/plugin-transform-modules-commonjs'] };

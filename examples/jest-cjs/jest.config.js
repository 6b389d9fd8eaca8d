// One mock for the whole run: started before the test files, stopped after them.
module.exports = {
  testEnvironment: 'node',
  globalSetup: './test/setup.js',
  globalTeardown: './test/teardown.js',
};

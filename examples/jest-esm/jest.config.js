// One mock for the whole run: started before the test files, stopped after them.
export default {
  testEnvironment: 'node',
  globalSetup: './test/setup.js',
  globalTeardown: './test/teardown.js',
};

// Starts a mock on a free port (unless IDENTITY_MOCK_URL already names one) and tells the test files where it is:
// they run in worker processes started after this, which inherit the environment.
const { startMock } = require('identity-mock');

module.exports = async function setup() {
  if (process.env.IDENTITY_MOCK_URL) return;
  globalThis.identityMock = await startMock({ port: 0 });
  process.env.IDENTITY_MOCK_URL = globalThis.identityMock.url;
};

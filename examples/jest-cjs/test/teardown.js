module.exports = async function teardown() {
  await globalThis.identityMock?.close();
};

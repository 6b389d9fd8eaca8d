export default async function teardown() {
  await globalThis.identityMock?.close();
}

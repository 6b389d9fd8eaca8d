// Stands in, inside the command's bundle (scripts/bundle-bin.js), for a package that a dependency loads but
// identity-mock never calls: body-parser (Express's body parsers, with iconv-lite's tables: the request path reads
// bodies itself) and multer (express-openapi-validator's multipart uploads, turned off: no operation takes a
// multipart body). Leaving them out saves parsing about 1 MB at every start. A call is a bug, and says so.
'use strict';
function neverCalled() {
  throw new Error('identity-mock: a package left out of the command bundle was called (scripts/bin-stubs)');
}
module.exports = new Proxy(neverCalled, {
  get: (target, property) => (property === '__esModule' ? false : neverCalled),
});

/**
 * The string formats of the request schemas, as express-openapi-validator has them: ajv-formats' full set, with the
 * mock's strict `date-time` and `uuid` over them (`spec/formats.ts`).
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { STRICT_FORMATS } from '../../spec/formats.ts';

export const REQUEST_FORMATS = { ...fullFormats, ...STRICT_FORMATS, 'media-range': true as const };

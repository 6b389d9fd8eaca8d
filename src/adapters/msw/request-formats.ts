/**
 * The string formats of the request schemas, as express-openapi-validator has them: ajv-formats' full set, read
 * through its documented `get` (the plugin is a CommonJS module: under NodeNext its default import is
 * `module.exports`, whose `default` is the plugin), with the mock's strict `date-time` and `uuid` over them
 * (`spec/formats.ts`).
 */
import formats, { type FormatName } from 'ajv-formats';
import { STRICT_FORMATS } from '../../spec/formats.ts';

/** Every format ajv-formats defines (its `FormatName`s). */
const NAMES = [
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
  'password',
  'binary',
] as const satisfies readonly FormatName[];

export const REQUEST_FORMATS = {
  ...Object.fromEntries(NAMES.map((name) => [name, formats.default.get(name, 'full')])),
  ...STRICT_FORMATS,
  'media-range': true as const,
};

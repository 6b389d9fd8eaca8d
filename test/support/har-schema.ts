/**
 * The structure of an HTTP Archive, HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), as a JSON Schema
 * written from that specification: every object with the fields it requires and their types.
 */
const nameValue = {
  type: 'object',
  required: ['name', 'value'],
  properties: { name: { type: 'string' }, value: { type: 'string' }, comment: { type: 'string' } },
};
const list = { type: 'array', items: nameValue };

export const HAR_1_2 = {
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { const: '1.2' },
        creator: {
          type: 'object',
          required: ['name', 'version'],
          properties: { name: { type: 'string' }, version: { type: 'string' } },
        },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
            properties: {
              startedDateTime: {
                type: 'string',
                pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$',
              },
              time: { type: 'number', minimum: 0 },
              request: {
                type: 'object',
                required: [
                  'method',
                  'url',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'queryString',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  method: { type: 'string' },
                  url: { type: 'string', pattern: '^https?://' },
                  httpVersion: { type: 'string' },
                  cookies: list,
                  headers: list,
                  queryString: list,
                  postData: {
                    type: 'object',
                    required: ['mimeType'],
                    properties: {
                      mimeType: { type: 'string' },
                      text: { type: 'string' },
                      params: { type: 'array' },
                    },
                  },
                  headersSize: { type: 'integer' },
                  bodySize: { type: 'integer' },
                },
              },
              response: {
                type: 'object',
                required: [
                  'status',
                  'statusText',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'content',
                  'redirectURL',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  status: { type: 'integer' },
                  statusText: { type: 'string' },
                  httpVersion: { type: 'string' },
                  cookies: list,
                  headers: list,
                  content: {
                    type: 'object',
                    required: ['size', 'mimeType'],
                    properties: {
                      size: { type: 'integer' },
                      mimeType: { type: 'string' },
                      text: { type: 'string' },
                    },
                  },
                  redirectURL: { type: 'string' },
                  headersSize: { type: 'integer' },
                  bodySize: { type: 'integer' },
                },
              },
              cache: { type: 'object' },
              timings: {
                type: 'object',
                required: ['send', 'wait', 'receive'],
                properties: {
                  send: { type: 'number' },
                  wait: { type: 'number' },
                  receive: { type: 'number' },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;

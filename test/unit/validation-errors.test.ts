import { describe, expect, it } from 'vitest';
import { validatorOutcome } from '../../src/adapters/express/openapi-validator.ts';
import type { MockError } from '../../src/errors.ts';
import { refusal } from '../../src/pipeline/validation.ts';
import type { RawRequestValues } from '../../src/pipeline/validation-errors.ts';
import type { OperationSpec } from '../../src/spec/model.ts';
import { buildApiModel } from '../../src/spec/model.ts';
import type { ErrorDetail } from '../../src/spec/types.ts';
import { API_MODEL } from '../support/spec-model.ts';

const LIST_USERS = API_MODEL.operation('listUsers');
const DELETE_USER = API_MODEL.operation('deleteUser');
const QUERY_PARAMETERS =
  'sort_by, sort_order, id, created_by, updated_by, user_type, status, created_at_from, created_at_to, ' +
  'updated_at_from, updated_at_to, search, page, page_size';

/** The error the request path answers for a validator error (undefined when it is not the validator's). */
function fromValidatorError(
  error: unknown,
  operation: OperationSpec,
  values: RawRequestValues,
): MockError | undefined {
  const outcome = validatorOutcome(error);
  return outcome === undefined || outcome.kind === 'valid' ? undefined : refusal(outcome, operation, values);
}

function raw(values: Partial<RawRequestValues>): RawRequestValues {
  return { query: {}, headers: {}, params: {}, body: undefined, ...values };
}

/** A validator error as express-openapi-validator throws it. */
function validatorError(...errors: { path: string; message: string; errorCode?: string }[]) {
  return { status: 400, name: 'Bad Request', message: errors.map((e) => e.message).join(', '), errors };
}

describe('fromValidatorError: one keyword at a time', () => {
  it.each<{
    name: string;
    error: { path: string; message: string; errorCode?: string };
    operation?: typeof LIST_USERS;
    values: Partial<RawRequestValues>;
    detail: ErrorDetail;
  }>([
    {
      name: 'type: page not an integer',
      error: { path: '/query/page', message: 'must be integer', errorCode: 'type.openapi.validation' },
      values: { query: { page: 'two' } },
      detail: { location: 'query', name: 'page', message: 'must be an integer (got "two")' },
    },
    {
      name: 'maximum: page_size above 100',
      error: { path: '/query/page_size', message: 'must be <= 100', errorCode: 'maximum.openapi.validation' },
      values: { query: { page_size: '101' } },
      detail: { location: 'query', name: 'page_size', message: 'must be between 1 and 100 (got "101")' },
    },
    {
      name: 'minimum: page_size 0',
      error: { path: '/query/page_size', message: 'must be >= 1', errorCode: 'minimum.openapi.validation' },
      values: { query: { page_size: '0' } },
      detail: { location: 'query', name: 'page_size', message: 'must be between 1 and 100 (got "0")' },
    },
    {
      name: 'minimum: page 0',
      error: { path: '/query/page', message: 'must be >= 1', errorCode: 'minimum.openapi.validation' },
      values: { query: { page: '0' } },
      detail: { location: 'query', name: 'page', message: 'must be between 1 and 1000000000 (got "0")' },
    },
    {
      name: 'enum: sort_by',
      error: {
        path: '/query/sort_by',
        message: 'must be equal to one of the allowed values',
        errorCode: 'enum.openapi.validation',
      },
      values: { query: { sort_by: 'age' } },
      detail: {
        location: 'query',
        name: 'sort_by',
        message:
          'must be one of id, identifier, name, email, user_type, status, created_at, updated_at (got "age")',
      },
    },
    {
      name: 'enum: status (schema behind a $ref)',
      error: {
        path: '/query/status',
        message: 'must be equal to one of the allowed values',
        errorCode: 'enum.openapi.validation',
      },
      values: { query: { status: 'banned' } },
      detail: {
        location: 'query',
        name: 'status',
        message: 'must be one of active, onboarding, inactive, suspended, risky (got "banned")',
      },
    },
    {
      name: 'enum: the X-API-Version header (name matched case-insensitively)',
      error: {
        path: '/headers/x-api-version',
        message: 'must be equal to one of the allowed values',
        errorCode: 'enum.openapi.validation',
      },
      values: { headers: { 'x-api-version': 'v2' } },
      detail: { location: 'header', name: 'X-API-Version', message: 'must be one of v1 (got "v2")' },
    },
    {
      name: 'format date-time',
      error: {
        path: '/query/created_at_from',
        message: 'must match format "date-time"',
        errorCode: 'format.openapi.validation',
      },
      values: { query: { created_at_from: '2024-01-01T00:00:00+0100' } },
      detail: {
        location: 'query',
        name: 'created_at_from',
        message:
          'must be an RFC 3339 date-time such as 2024-01-31T00:00:00Z (got "2024-01-01T00:00:00+0100")',
      },
    },
    {
      name: 'format uuid',
      error: {
        path: '/query/id',
        message: 'must match format "uuid"',
        errorCode: 'format.openapi.validation',
      },
      values: { query: { id: 'not-a-uuid' } },
      detail: {
        location: 'query',
        name: 'id',
        message: 'must be a uuid such as 8f14e45f-ceea-4672-a1b9-2c1d3e4f5a6b (got "not-a-uuid")',
      },
    },
    {
      name: 'pattern with x-error-message: search too long',
      error: {
        path: '/query/search',
        message: 'must match pattern "^\\s*\\S(?:[\\s\\S]{0,98}\\S)?\\s*$"',
        errorCode: 'pattern.openapi.validation',
      },
      values: { query: { search: 'x'.repeat(101) } },
      detail: {
        location: 'query',
        name: 'search',
        message: `must be 1–100 characters once trimmed (got "${'x'.repeat(77)}...")`,
      },
    },
    {
      name: 'x-error-message on a path parameter',
      operation: DELETE_USER,
      error: {
        path: '/path/id-or-identifier',
        message: 'must match a schema in anyOf',
        errorCode: 'anyOf.openapi.validation',
      },
      values: { params: { 'id-or-identifier': 'A!' } },
      detail: {
        location: 'path',
        name: 'id-or-identifier',
        message: 'must be a uuid or an identifier (^[a-z0-9][a-z0-9._-]{2,63}$) (got "A!")',
      },
    },
    {
      name: 'path parameter reported under /params',
      operation: DELETE_USER,
      error: {
        path: '/params/id-or-identifier',
        message: 'must match a schema in anyOf',
        errorCode: 'anyOf.openapi.validation',
      },
      values: { params: { 'id-or-identifier': 'ab' } },
      detail: {
        location: 'path',
        name: 'id-or-identifier',
        message: 'must be a uuid or an identifier (^[a-z0-9][a-z0-9._-]{2,63}$) (got "ab")',
      },
    },
    {
      name: 'a repeated value (an array)',
      error: { path: '/query/page_size', message: 'must be integer', errorCode: 'type.openapi.validation' },
      values: { query: { page_size: ['10', '20'] } },
      detail: {
        location: 'query',
        name: 'page_size',
        message: 'was given 2 times ("10", "20"); give it once',
      },
    },
    {
      name: 'an empty value',
      error: {
        path: '/query/status',
        message: 'must be equal to one of the allowed values',
        errorCode: 'enum.openapi.validation',
      },
      values: { query: { status: '' } },
      detail: { location: 'query', name: 'status', message: 'must not be empty' },
    },
    {
      name: 'a value with quotes is JSON-quoted',
      error: {
        path: '/query/sort_order',
        message: 'must be equal to one of the allowed values',
        errorCode: 'enum.openapi.validation',
      },
      values: { query: { sort_order: 'a"b' } },
      detail: { location: 'query', name: 'sort_order', message: 'must be one of asc, desc (got "a\\"b")' },
    },
    {
      name: 'a body field (no parameter): the validator message',
      error: {
        path: '/body/email',
        message: 'must match format "email"',
        errorCode: 'format.openapi.validation',
      },
      values: { body: { email: 'x' } },
      detail: { location: 'body', name: 'email', message: 'must match format "email"' },
    },
  ])('$name', ({ error, operation, values, detail }) => {
    const result = fromValidatorError(validatorError(error), operation ?? LIST_USERS, raw(values));
    expect(result?.status).toBe(400);
    expect(result?.code).toBe('invalid_request');
    expect(result?.details).toEqual([detail]);
    expect(result?.message).toBe(`${detail.name} ${detail.message}`);
    expect(result?.headers).toEqual({});
  });
});

describe('fromValidatorError: an unknown query parameter', () => {
  it('is named with the closest accepted one; the accepted list and --lenient-query are in the message once', () => {
    const error = validatorError(
      { path: '/query/pagesize', message: "Unknown query parameter 'pagesize'" },
      { path: '/query/sortby', message: "Unknown query parameter 'sortby'" },
    );
    const result = fromValidatorError(error, LIST_USERS, raw({ query: { pagesize: '10', sortby: 'name' } }));
    expect(result?.details).toEqual([
      {
        location: 'query',
        name: 'pagesize',
        message: 'is not a query parameter of GET /users; did you mean page_size?',
      },
      {
        location: 'query',
        name: 'sortby',
        message: 'is not a query parameter of GET /users; did you mean sort_by?',
      },
    ]);
    expect(result?.message).toBe(
      'pagesize is not a query parameter of GET /users; did you mean page_size?; sortby is not a query parameter of ' +
        `GET /users; did you mean sort_by?; the query parameters of GET /users are ${QUERY_PARAMETERS} (start the ` +
        'server with --lenient-query to accept parameters the document does not declare)',
    );
  });
});

describe('fromValidatorError: several issues', () => {
  it('one detail per parameter, in order, the message joining them', () => {
    const error = validatorError(
      { path: '/query/page_size', message: 'must be <= 100', errorCode: 'maximum.openapi.validation' },
      { path: '/query/page_size', message: 'must be integer', errorCode: 'type.openapi.validation' },
      {
        path: '/query/sort_order',
        message: 'must be equal to one of the allowed values',
        errorCode: 'enum.openapi.validation',
      },
    );
    const result = fromValidatorError(
      error,
      LIST_USERS,
      raw({ query: { page_size: '500', sort_order: 'up' } }),
    );
    expect(result?.details).toEqual([
      { location: 'query', name: 'page_size', message: 'must be between 1 and 100 (got "500")' },
      { location: 'query', name: 'sort_order', message: 'must be one of asc, desc (got "up")' },
    ]);
    expect(result?.message).toBe(
      'page_size must be between 1 and 100 (got "500"); sort_order must be one of asc, desc (got "up")',
    );
  });
});

describe("fromValidatorError: the validator's 415", () => {
  it("names the media types the operation's body accepts", () => {
    const model = buildApiModel({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/oauth/token': {
          post: {
            operationId: 'createToken',
            requestBody: {
              content: {
                'application/json': { schema: {} },
                'application/x-www-form-urlencoded': { schema: {} },
              },
            },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
    const error = {
      status: 415,
      errors: [{ path: '/headers/content-type', message: 'unsupported media type text/plain' }],
    };
    const result = fromValidatorError(error, model.operation('createToken'), raw({}));
    expect(result).toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
      message:
        'the body of this operation must be application/json, application/x-www-form-urlencoded (got no Content-Type)',
    });
  });
});

describe('fromValidatorError: not a validator error', () => {
  it.each([
    { name: 'a plain Error', error: new Error('boom') },
    { name: 'a 500 with errors', error: { status: 500, errors: [{ path: '/query/x', message: 'x' }] } },
    { name: 'a 400 without errors', error: { status: 400, message: 'bad' } },
    { name: 'a 400 whose errors is not a list', error: { status: 400, errors: 'bad' } },
    {
      name: 'a 404 of the validator',
      error: { status: 404, errors: [{ path: '/users/x', message: 'not found' }] },
    },
    { name: 'null', error: null },
    { name: 'undefined', error: undefined },
    { name: 'a string', error: 'Bad Request' },
  ])('$name → undefined', ({ error }) => {
    expect(fromValidatorError(error, LIST_USERS, raw({}))).toBeUndefined();
  });
});

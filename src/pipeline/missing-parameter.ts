/**
 * The field a refused token request misses, named as Auth0 names it ("Missing required parameter: username";
 * docs/tokens.md). The request body of an OAuth operation is a `oneOf` of one shape per `grant_type`
 * (spec/openapi.yaml): the shape that applies is the one whose `grant_type` the request sent, and the first field it
 * requires that the request left out (or empty) is the one to name. Read from the spec, so a new grant needs nothing.
 */
import type { ApiModel, OperationSpec, SchemaNode } from '../spec/model.ts';
import { JSON_MEDIA_TYPE } from '../protocol/media-type.ts';

/**
 * Whether a form body is JSON sent under the form media type (`curl -d '{"grant_type":…}'` sends
 * `application/x-www-form-urlencoded`): one field, whose name is the JSON text.
 */
export function jsonSentAsForm(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const names = Object.keys(body);
  return names.length === 1 && /^\s*[{[]/.test(names[0] ?? '');
}

/** The missing field of `body`, or undefined when the refusal is about something else. */
export function missingParameter(
  model: ApiModel,
  operation: OperationSpec,
  body: unknown,
): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const fields = body as Readonly<Record<string, unknown>>;
  const given = (name: string): boolean => typeof fields[name] === 'string' && fields[name] !== '';
  const branches = grantShapes(model, operation);
  if (branches.length === 0) return undefined;
  if (!given('grant_type')) return 'grant_type';
  const shape = branches.find((branch) => {
    const property = model.deref(model.deref(branch.properties ?? {}).grant_type ?? {});
    return property.const === fields.grant_type;
  });
  const required = Array.isArray(shape?.required) ? shape.required.map(String) : [];
  return required.find((name) => !given(name));
}

/** The `oneOf` branches of the operation's JSON body schema (none when it is not one). */
function grantShapes(model: ApiModel, operation: OperationSpec): SchemaNode[] {
  if (operation.raw.requestBody === undefined) return [];
  const content = model.deref(model.deref(operation.raw.requestBody).content ?? {});
  const media = content[JSON_MEDIA_TYPE];
  if (media === undefined) return [];
  const schema = model.deref(model.deref(media).schema ?? {});
  return Array.isArray(schema.oneOf) ? schema.oneOf.map((branch) => model.deref(branch)) : [];
}

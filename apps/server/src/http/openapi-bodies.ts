// Request bodies a zod schema cannot describe for OpenAPI: a route that takes
// a file (multipart) or a raw text body lists, in its schema's
// `requestBodies`, the JSON Schema of each content type it reads. The zod
// body still validates (after the route's preValidation) and still describes
// application/json; the other content types get their own schema.
import type { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];
type TransformOutput = ReturnType<Transform>;

/** The route schema member that names a JSON Schema per content type. */
export interface RequestBodies {
  requestBodies?: Record<string, Record<string, unknown>>;
}

export function withRequestBodies(transform: Transform) {
  return (input: TransformInput): TransformOutput => {
    const transformed = transform(input);
    const bodies = (input.schema as RequestBodies | undefined)?.requestBodies;
    if (!bodies) return transformed;
    const {
      requestBodies: _bodies,
      body,
      ...schema
    } = transformed.schema as RequestBodies & {
      body?: Record<string, unknown>;
    } & Record<string, unknown>;
    const content: Record<string, { schema: Record<string, unknown> }> = {};
    if (body) content['application/json'] = { schema: body };
    for (const [type, bodySchema] of Object.entries(bodies)) content[type] = { schema: bodySchema };
    return { ...transformed, schema: { ...schema, body: { content } } } as TransformOutput;
  };
}

import type { getMetadataArgsStorage } from 'routing-controllers';
import { targetConstructorToSchema } from 'class-validator-jsonschema';

/**
 * Repairs for what routing-controllers-openapi and class-validator-jsonschema leave behind, so the
 * document passes `redocly lint` (recommended rules) and `openapi-typescript`
 * (tools/openapi/openapi-documents.spec.ts proves it for every app).
 */

type Schemas = Record<string, unknown>;
type ParamMetadataArgs = ReturnType<typeof getMetadataArgsStorage>['params'][number];
type SchemaOptions = NonNullable<Parameters<typeof targetConstructorToSchema>[1]>;
type Operation = { operationId?: string; [key: string]: unknown };
type Document = { paths: Record<string, Record<string, Operation>>; servers?: Array<{ url: string }> };

/** `{ type: String }` on a @QueryParam or @HeaderParam comes out as a $ref to a schema named `String`. */
const PRIMITIVES: Record<string, { type: string }> = {
  '#/components/schemas/String': { type: 'string' },
  '#/components/schemas/Number': { type: 'number' },
  '#/components/schemas/Boolean': { type: 'boolean' },
};

/**
 * class-validator-jsonschema writes a schema only for a class with decorators of its own, so a DTO
 * that just extends another (`class CancelOrderAdminDto extends CancelOrderDto {}`) is referenced
 * but never defined. Each such class a route takes (as a parameter's type, or named by ApiBody,
 * `bodyDtos`) gets its nearest ancestor's schema.
 */
export function addInheritedDtoSchemas(params: ParamMetadataArgs[], bodyDtos: Function[], schemas: Schemas, options: SchemaOptions): void {
  const paramTypes = params.map((param) => param.explicitType ?? Reflect.getMetadata('design:paramtypes', param.object, param.method)?.[param.index]);
  for (const type of [...paramTypes, ...bodyDtos]) {
    if (typeof type !== 'function' || !type.name || schemas[type.name] || `#/components/schemas/${type.name}` in PRIMITIVES) continue;
    if ([Object, Array, Promise].includes(type)) continue;
    const schema = targetConstructorToSchema(type, options);
    if (Object.keys(schema).length > 0) schemas[type.name] = schema;
  }
}

/** Every finishing step, after the document is built and each route's authorization written. */
export function finishForClients(document: Document): void {
  // The API serves its own document: clients resolve paths against the origin they fetched it from.
  document.servers ??= [{ url: '/' }];
  inlinePrimitiveRefs(document);
  describeIntegerPathParams(document);
  makeOperationIdsUnique(document);
}

const ROW_ID_PATTERNS = new Set(['\\d+', '[1-9]\\d*']);

/**
 * A route parameter constrained to digits (`/orders/:id(\\d+)`, `/:id([1-9]\\d*)`) comes out as
 * `{ type, pattern }`, an unanchored pattern (on a number, none at all): it is documented as what it
 * is, a row id.
 */
function describeIntegerPathParams(document: Document): void {
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      for (const parameter of (operation['parameters'] ?? []) as Array<{ in: string; schema?: Record<string, unknown> }>) {
        const pattern = parameter.schema?.pattern;
        if (parameter.in === 'path' && typeof pattern === 'string' && ROW_ID_PATTERNS.has(pattern)) parameter.schema = { type: 'integer', minimum: 1 };
      }
    }
  }
}

function inlinePrimitiveRefs(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    const ref = (value as { $ref?: unknown } | null)?.$ref;
    if (typeof ref === 'string' && PRIMITIVES[ref]) (node as Record<string, unknown>)[key] = { ...PRIMITIVES[ref] };
    else inlinePrimitiveRefs(value);
  }
}

/**
 * One handler mounted on several routes (web and mobile, or GET and POST of a gateway callback)
 * gives one operationId per route. The shortest path keeps it; each other route gets the path
 * segments that set it apart (`CartController.get_mobile`), or its method when only that differs.
 */
function makeOperationIdsUnique(document: Document): void {
  const groups = new Map<string, Array<{ path: string; method: string; operation: Operation }>>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation.operationId) groups.set(operation.operationId, [...(groups.get(operation.operationId) ?? []), { path, method, operation }]);
    }
  }
  const taken = new Set(groups.keys());
  for (const [id, routes] of groups) {
    const [base, ...others] = [...routes].sort((a, b) => a.path.split('/').length - b.path.split('/').length);
    const baseSegments = new Set(base.path.split('/'));
    for (const { path, method, operation } of others) {
      const extra = path.split('/').filter((segment) => segment && !segment.startsWith('{') && !baseSegments.has(segment));
      let unique = `${id}_${extra.join('_') || method}`;
      for (let n = 2; taken.has(unique); n++) unique = `${id}_${extra.join('_') || method}_${n}`;
      operation.operationId = unique;
      taken.add(unique);
    }
  }
}

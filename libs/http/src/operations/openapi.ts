import type { Express } from 'express';
import { getMetadataArgsStorage, RoutingControllersOptions } from 'routing-controllers';
import { OpenAPI, routingControllersToSpec } from 'routing-controllers-openapi';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import swaggerUi from 'swagger-ui-express';
import { IDEMPOTENCY_KEY_PATTERN } from '@platform/domain';
import { addInheritedDtoSchemas, finishForClients } from './openapi-for-clients';

export interface OpenApiInfo {
  title: string;
  description?: string;
  version?: string;
}

/**
 * Builds the OpenAPI document from the app's own controllers and DTOs. routing-controllers keeps
 * one global metadata store, so the actions are narrowed to this app's controllers first.
 */
export function buildOpenApiDocument(options: RoutingControllersOptions, info: OpenApiInfo) {
  const controllers = (options.controllers ?? []) as Function[];
  const storage = getMetadataArgsStorage();
  const scoped = Object.assign(Object.create(Object.getPrototypeOf(storage)), storage, {
    actions: storage.actions.filter((action) => controllers.includes(action.target)),
  });
  // class-transformer's metadata lets nested DTOs resolve to their own schemas.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { defaultMetadataStorage } = require('class-transformer/cjs/storage');
  const schemaOptions = { refPointerPrefix: '#/components/schemas/', classTransformerMetadataStorage: defaultMetadataStorage };
  const schemas = validationMetadatasToSchemas(schemaOptions);
  addInheritedDtoSchemas(
    storage.params.filter((param) => controllers.includes(param.object.constructor)),
    API_BODIES.filter((body) => controllers.includes(body.controller)).map((body) => body.dto),
    schemas,
    schemaOptions,
  );
  const document = routingControllersToSpec(scoped, options, {
    info: { title: info.title, description: info.description, version: info.version ?? '1.0.0' },
    components: {
      schemas: schemas as never,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  });
  documentAuthorization(document, controllers);
  finishForClients(document);
  return document;
}

type Operation = { operationId?: string; description?: string; [key: string]: unknown };

/**
 * Writes each route's requirement (from @CustomerRoute / @RequirePermission) into its operation:
 * a first line of the description and `x-required-permissions`. Done here, after every @OpenAPI
 * decorator has been applied, so no route's own description can overwrite it. A route without a
 * requirement is public (`security: []`) unless it declares its own (an optional token).
 */
function documentAuthorization(document: { paths: Record<string, Record<string, Operation>> }, controllers: Function[]): void {
  const requirements = new Map<string, string[]>();
  for (const handler of getMetadataArgsStorage().responseHandlers) {
    if (handler.type === 'authorized' && controllers.includes(handler.target) && handler.method) {
      requirements.set(`${handler.target.name}.${handler.method}`, (handler.value as string[]) ?? []);
    }
  }
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      const roles = operation.operationId ? requirements.get(operation.operationId) : undefined;
      operation['security'] ??= roles ? [{ bearerAuth: [] }] : [];
      if (!roles) continue;
      const [kind, ...permissions] = roles;
      const line =
        kind === 'admin' ? `Permission: ${permissions.join(', ') || 'any admin token'}` : 'Requires a customer access token.';
      operation['x-required-permissions'] = permissions;
      operation.description = [line, operation.description].filter(Boolean).join('\n\n');
    }
  }
}

export function mountOpenApi(app: Express, document: object): void {
  app.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  app.use('/docs', swaggerUi.serve, swaggerUi.setup(document, { customSiteTitle: (document as { info: { title: string } }).info.title }));
}

/** A route's OpenAPI summary and (optional) description. */
export const ApiDoc = (summary: string, description?: string) => OpenAPI(description ? { summary, description } : { summary });

type OperationObject = Parameters<Extract<Parameters<typeof OpenAPI>[0], Function>>[0];
/** An OpenAPI parameter object (`in` is one of query, header, path, cookie). */
type Parameter = { in: string; name: string; [key: string]: unknown };

/**
 * Documents parameters over the ones routing-controllers generated, matched by `in` and `name`.
 * `@OpenAPI({ parameters })` would merge the two lists index by index (lodash.merge), turning the
 * path parameter into the first query parameter and leaving the generated copy as a duplicate.
 */
export const ApiParameters = (...parameters: Parameter[]) =>
  OpenAPI((operation) => {
    const generated = (operation.parameters ?? []) as Parameter[];
    const same = (a: Parameter) => (b: Parameter) => a.in === b.in && a.name === b.name;
    const added = parameters.filter((own) => !generated.some(same(own)));
    const merged = [...generated.map((p) => ({ ...p, ...parameters.find(same(p)) })), ...added];
    return { ...operation, parameters: merged as OperationObject['parameters'] };
  });

/**
 * The `Idempotency-Key` header as every route documents it, its pattern the one the domain checks
 * (IDEMPOTENCY_KEY_PATTERN: 1-255 visible ASCII characters). Pass it to ApiParameters, which
 * replaces the generic copy routing-controllers generates from @HeaderParam.
 */
export function idempotencyKeyParameter(options: { required: boolean; description: string }): Parameter {
  return {
    in: 'header',
    name: 'Idempotency-Key',
    required: options.required,
    description: options.description,
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source },
  };
}

/** Every ApiBody DTO with its controller, as routing-controllers keeps its own metadata: globally, filtered per app. */
const API_BODIES: Array<{ controller: Function; dto: Function }> = [];

/**
 * The JSON body of a route that takes it unvalidated (`@Body({ validate: false, required: false })`)
 * and reads it in the domain (readStrictBody): the schema is the DTO's own, from its
 * class-validator rules, so the document still says what the route takes.
 */
export const ApiBody =
  (dto: Function, options: { required?: boolean; description?: string } = {}): MethodDecorator =>
  (target, method, descriptor) => {
    // Recorded so a DTO that only extends another still gets its schema (addInheritedDtoSchemas).
    API_BODIES.push({ controller: target.constructor, dto });
    return OpenAPI({
      requestBody: {
        required: options.required ?? true,
        ...(options.description && { description: options.description }),
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${dto.name}` } } },
      },
    })(target, method as string, descriptor);
  };

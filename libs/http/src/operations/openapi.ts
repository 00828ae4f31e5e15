import type { Express } from 'express';
import { getMetadataArgsStorage, RoutingControllersOptions } from 'routing-controllers';
import { routingControllersToSpec } from 'routing-controllers-openapi';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import swaggerUi from 'swagger-ui-express';

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
  const schemas = validationMetadatasToSchemas({
    refPointerPrefix: '#/components/schemas/',
    classTransformerMetadataStorage: defaultMetadataStorage,
  });
  return routingControllersToSpec(scoped, options, {
    info: { title: info.title, description: info.description, version: info.version ?? '1.0.0' },
    components: {
      schemas: schemas as never,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  });
}

export function mountOpenApi(app: Express, document: object): void {
  app.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  app.use('/docs', swaggerUi.serve, swaggerUi.setup(document, { customSiteTitle: (document as { info: { title: string } }).info.title }));
}

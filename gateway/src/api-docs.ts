/** `/api/openapi.json` (OpenAPI 3.1 generated from packages/contracts) and `/api/docs` (Swagger UI, served locally). */
import { buildOpenApiDocument } from '@marketplace/contracts';
import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';

/** Router serving the API document and its browsable reference. */
export function apiDocsRouter(): Router {
  const document = buildOpenApiDocument({ title: 'Used-car marketplace API' });
  const router = Router();
  router.get('/api/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.use('/api/docs', swaggerUi.serve, swaggerUi.setup(document, { customSiteTitle: 'Marketplace API' }));
  return router;
}

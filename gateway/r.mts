import { apiRoutes, buildOpenApiDocument, routeTable } from '@marketplace/contracts';
import fs from 'node:fs';
fs.writeFileSync(process.argv[2]!, JSON.stringify({ doc: buildOpenApiDocument(), routeTable, ids: apiRoutes.map(r => [r.operationId, Object.keys(r.responses)]) }, null, 1));

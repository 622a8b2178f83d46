/** drizzle-kit: generates the catalog service's SQL migrations (`npm run db:generate -w @marketplace/catalog-service`). */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/data/schema.ts',
    './src/reference-data/data/tables.ts',
    './src/cars/data/tables.ts',
    './src/buyers/data/tables.ts',
    './src/pricing/data/tables.ts',
  ],
  out: './migrations',
  schemaFilter: ['catalog'],
});

/** drizzle-kit: generates the catalog service's SQL migrations (`npm run db:generate -w @marketplace/catalog-service`). */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/store.ts', './src/search/schema.ts'],
  out: './migrations',
  schemaFilter: ['catalog'],
});

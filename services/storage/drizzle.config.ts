/** drizzle-kit: generates the storage service's SQL migrations (`npx drizzle-kit generate --config services/storage/drizzle.config.ts`). */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/data/store.ts',
  out: './migrations',
  schemaFilter: ['storage'],
});

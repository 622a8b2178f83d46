/** drizzle-kit: generates the auth service's SQL migrations from src/store.ts (`npm run db:generate -w @marketplace/auth-service`). */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/data/store.ts',
  out: './migrations',
  schemaFilter: ['auth'],
});

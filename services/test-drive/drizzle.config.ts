/** drizzle-kit: generates the test-drive service's SQL migrations from src/data/store.ts (`npx drizzle-kit generate` in services/test-drive). */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/data/store.ts',
  out: './migrations',
  schemaFilter: ['test_drive'],
});

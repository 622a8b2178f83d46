/** drizzle-kit: generates the listing service's SQL migrations from src/data/store.ts (`npx drizzle-kit generate` in services/listing). */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/data/store.ts',
  out: './migrations',
  schemaFilter: ['listing'],
});

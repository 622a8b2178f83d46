/** drizzle-kit: generates the notification service's SQL migrations from src/data/store.ts (`npx drizzle-kit generate` in services/notification). */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/data/store.ts',
  out: './migrations',
  schemaFilter: ['notification'],
});

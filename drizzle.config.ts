import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from shared/schema/; they are applied at start-up on both
// PGlite and PostgreSQL (server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './shared/schema',
  out: './migrations',
});

import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @hsa/ai` writes a new SQL migration after a schema change.
// It runs with the "source" export condition so the kit's outbox table is read from its TypeScript source.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/adapters/db/schema.ts',
  out: './migrations',
});

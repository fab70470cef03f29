import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @hsa/valuation` writes a new SQL migration after a schema change.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/adapters/db/schema.ts',
  out: './migrations',
});

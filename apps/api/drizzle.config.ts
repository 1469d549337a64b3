import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/tables/*.table.ts',
  out: './src/db/migrations',
});

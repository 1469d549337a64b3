import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const states = pgTable('states', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  code: text('code').notNull().unique(),
});

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id').notNull().references(() => states.id),
    name: text('name').notNull(),
  },
  // Serves the sign-up city list and the uniqueness of a city within its state.
  (t) => [uniqueIndex('cities_state_name_uq').on(t.stateId, t.name)],
);

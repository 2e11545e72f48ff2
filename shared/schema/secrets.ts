// Secrets the site generates for itself when the owner sets none, kept in the database so that
// every instance on it agrees and a restart keeps them (server/services/access/session-secret.ts).
// Written once, never updated: the first instance's insert wins, the others read it back.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// The database schema: drizzle tables shared by both drivers (PGlite and PostgreSQL). drizzle-kit
// generates migrations/ from this folder (npm run db:generate).
export * from './site';
export * from './mail-and-access';
export * from './voice-and-billing';
export * from './limits';
export * from './owner-answers';
export * from './secrets';
export * from './sign-in-throttles';

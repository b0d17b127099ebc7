/**
 * The database schema, one module per area; migrations are generated from it
 * (`npm run db:generate`, server/db/migrations).
 */
export * from './catalogue';
export * from './readers';
export * from './community';
export * from './vip';
export * from './embedding';
export * from './storySources';
export * from './operations';
export * from './notifications';
export * from './listening';

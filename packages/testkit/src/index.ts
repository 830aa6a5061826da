export * from './database.ts';
export * from './services.ts';

export * from './auth/access.ts';
export * from './auth/messages.ts';
export * from './auth/responses.ts';
export * from './auth/schemas.ts';
export * from './labs/theme.ts';
export * from './shared/errors.ts';
export * from './rooms/presence.ts';

export * from './clientMessages.ts';
export * from './errorCodes.ts';
export * from './limits.ts';
export * from './mediaMessages.ts';
export * from './serverMessages.ts';
export * from './version.ts';

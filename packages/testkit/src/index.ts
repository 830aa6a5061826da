export * from './database.ts';
export * from './services.ts';
import './providedContext.ts';
export * from './fixtures.ts';
export * from './smtpCapture.ts';
export * from './testApp.ts';
export * from './browser.ts';
export * from './serverProcess.ts';

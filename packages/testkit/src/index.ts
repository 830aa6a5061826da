export * from './accessibility.ts';
export * from './database.ts';
export * from './services.ts';

import './providedContext.ts';

export * from './badInput.ts';
export * from './breakouts.ts';
export * from './browser.ts';
export * from './browserOffer.ts';
export * from './browserSuite.ts';
export * from './certificates.ts';
export * from './consents.ts';
export * from './fixtures.ts';
export * from './janus.ts';
export * from './lobby.ts';
export * from './mailedApp.ts';
export * from './mediaBuilds.ts';
export * from './outbox.ts';
export * from './questions.ts';
export * from './registrations.ts';
export * from './restCalls.ts';
export * from './roomPeople.ts';
export * from './rowsHolding.ts';
export * from './runningEvent.ts';
export * from './serverProcess.ts';
export * from './smtpCapture.ts';
export * from './socketClient.ts';
export * from './testApp.ts';

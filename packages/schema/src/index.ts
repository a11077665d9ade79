export * from './constants.ts';
export * from './messages.ts';
export * from './api.ts';
export * from './custody.ts';
export * from './accounts.ts';

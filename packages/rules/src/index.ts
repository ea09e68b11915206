export * from './bill-math.js';
export * from './amount-in-words.js';
export * from './rooms.js';
export * from './business-time.js';
export * from './cancellation.js';
export * from './booking-settings.js';
export * from './check-in.js';
export * from './deposits.js';

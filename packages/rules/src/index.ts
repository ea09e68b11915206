export * from './bill-math.js';
export * from './amount-in-words.js';
export * from './rooms.js';

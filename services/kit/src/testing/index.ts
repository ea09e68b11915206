// What tests share (@spa/kit/testing): databases, tokens and keys, and services started from their
// builds, which themselves use the helpers.
export * from './helpers.js';
export * from './built-service.js';

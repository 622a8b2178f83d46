/**
 * `@marketplace/contracts`: zod schemas for every API request, response and event of the used-car
 * marketplace (spec §7, issues 4–7), the route registry, the gateway routing rules and the generated
 * OpenAPI 3.1 document.
 */
export * from './auth';
export * from './buyers';
export * from './cars';
export * from './common';
export * from './contact';
export * from './events';
export * from './openapi';
export * from './operations/index';
export * from './pricing';
export * from './reference-data';
export * from './storage';
export * from './storage-confirm';
export * from './test-drives';

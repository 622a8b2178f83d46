/** @marketplace/ui — design-system components, the API client and shared stores of the front ends. */
export * from './format';

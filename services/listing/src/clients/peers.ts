/**
 * The listing service's synchronous calls to other services, by declared operation through the platform's
 * peers port: the catalog's reference data (catalog.ts) and storage's image confirmation (storage.ts).
 */
export { referenceFacts } from './catalog';
export { confirmImages } from './storage';

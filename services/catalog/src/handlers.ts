/** The type of the catalog's handlers, by operation id (packages/contracts `operations/`). */
import type { ServiceOperations } from '@marketplace/contracts';
import type { OperationHandlers } from '@marketplace/platform';

/** The handlers of the catalog operations `K`. */
export type CatalogHandlers<K extends keyof ServiceOperations<'catalog'>> = Pick<
  OperationHandlers<ServiceOperations<'catalog'>>,
  K
>;

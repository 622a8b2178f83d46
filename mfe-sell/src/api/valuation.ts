/**
 * The sell wizard's valuation call (issue 25), by operation id through `callOperation`: what cars like the
 * seller's sell for. A help, never a gate: any failure (400 for a model it does not know, a 501 while the
 * endpoint is not deployed, the network) answers `null`, quietly, and the wizard shows nothing.
 */
import type { ExpectedPrice } from '@marketplace/contracts';
import { callOperation, type OperationQuery } from '@marketplace/ui';

/** What `getValuation` is asked: model id, year, km driven and optionally the state id. */
export type ValuationQuery = OperationQuery<'getValuation'>;

/** `getValuation` (`GET /api/valuation?model=&year=&kmDriven=&state=`): the expected range, or `null`. */
export async function fetchValuation(
  query: ValuationQuery,
  signal?: AbortSignal,
): Promise<ExpectedPrice | null> {
  try {
    const { data } = await callOperation(
      'getValuation',
      { query },
      { quiet: true, background: true, ...(signal ? { signal } : {}) },
    );
    return data.data;
  } catch {
    return null;
  }
}

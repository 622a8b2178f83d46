/**
 * The alerts' one-click unsubscribe (issue 24, RFC 8058; public): `POST /api/alerts/unsubscribe?token=` →
 * `{ message }`; 400 `token: …` for a bad token, 404 when its search or shortlist entry is gone. Any body is
 * ignored, whatever its content type (mail clients post `List-Unsubscribe=One-Click` form-encoded, which
 * the JSON parser leaves alone). Flow in ../use-cases/unsubscribe-alerts.ts.
 */
import type { Db } from '@marketplace/platform';
import type { CatalogHandlers } from '../../handlers';
import { unsubscribeAlerts } from '../use-cases/unsubscribe-alerts';

/** The unsubscribe handler over the catalog's database `db`; tokens are checked against `alertSecret`. */
export function alertHandlers(db: Db, alertSecret: string): CatalogHandlers<'unsubscribeAlerts'> {
  return {
    async unsubscribeAlerts({ query }) {
      return { message: await unsubscribeAlerts(db, alertSecret, query.token) };
    },
  };
}

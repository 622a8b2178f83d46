/**
 * The answer of `GET /api/carbrand` without a keyword (every brand with its models: ~27 brands, 200+
 * models, ~25 KB), kept in this process (issue 47). The listing page asks for it on every render, and
 * reading and parsing it from the database was about a fifth of a cold listing page's CPU in embedded mode
 * (bench/README.md, issue 47 profile). Dropped in the request that changes a brand or model (so the
 * administrator sees the change at once) and, in the other catalog replicas, by the listener of the
 * `catalog.brand.changed` / `catalog.model.changed` events (../events/consumers.ts).
 */
import { type JsonAnswer, jsonAnswer } from '@marketplace/platform';

/** The kept answer. */
export interface ListedBrands {
  /** The kept answer, or the one `make` gives (JSON text), kept unless a change was forgotten meanwhile. */
  answer(make: () => Promise<string>): Promise<JsonAnswer>;
  /** Drops the kept answer: call after a brand or model change committed. */
  forget(): void;
}

/** An empty {@link ListedBrands}. */
export function createListedBrands(): ListedBrands {
  let kept: JsonAnswer | undefined;
  let version = 0;
  return {
    async answer(make) {
      if (kept) return kept;
      const at = version;
      const made = jsonAnswer(await make());
      if (at === version) kept = made;
      return made;
    },
    forget() {
      version++;
      kept = undefined;
    },
  };
}

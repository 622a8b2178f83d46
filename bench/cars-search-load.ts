/**
 * Load generator of the search benchmark, run as a child process of `cars-search.ts` (so the client does
 * not share the server's event loop): warms up, then runs autocannon against `GET /api/cars` with a random
 * query per request, and sends the result to the parent.
 * Argument: JSON `{ url, vocabulary, duration, warmup, connections, seed }`.
 */
import autocannon, { type Result } from 'autocannon';
import { carsQueryBuilder, type QueryVocabulary } from './cars-queries';

export interface LoadSettings {
  url: string;
  vocabulary: QueryVocabulary;
  /** Measured seconds. */
  duration: number;
  /** Warm-up seconds (not counted). */
  warmup: number;
  connections: number;
  seed: number;
}

/** What the child reports to the parent. */
export interface LoadReport {
  warmup: Result;
  result: Result;
}

function run(settings: LoadSettings, duration: number, seed: number): Promise<Result> {
  const nextQuery = carsQueryBuilder(settings.vocabulary, seed);
  return autocannon({
    url: settings.url,
    connections: settings.connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, method: 'GET', path: nextQuery() }),
      },
    ],
  });
}

const settings = JSON.parse(process.argv[2] ?? '{}') as LoadSettings;
const warmup = await run(settings, settings.warmup, settings.seed + 1000);
const result = await run(settings, settings.duration, settings.seed);
const report: LoadReport = { warmup, result };
process.send?.(report, () => process.exit(0));

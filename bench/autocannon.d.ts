/** The part of autocannon 8's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }
  interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
  }
  interface RequestSpec {
    method?: string;
    path?: string;
    setupRequest?: (req: RawRequest, context: Record<string, unknown>) => RawRequest;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests in all; the run ends when they are answered (`duration` is ignored). */
    amount?: number;
    /** Milliseconds between samples (default 1 000); a run with `amount` ends at the next one. */
    sampleInt?: number;
    headers?: Record<string, string>;
    pipelining?: number;
    timeout?: number;
    requests?: RequestSpec[];
  }
  interface Result {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    /** Bytes a second; `total`: every 2xx answer's bytes. */
    throughput: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    '2xx': number;
    /** Answers by status code. */
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
  export type { Options, RawRequest, Result };
}

/** The part of autocannon 9's programmatic API this benchmark uses (the package ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  export type Context = Record<string, unknown>;

  export interface RequestSpec extends Request {
    /** Called before each request is built; returns the request to send (falsy restarts the sequence). */
    setupRequest?: (request: Request, context: Context) => Request | null;
    onResponse?: (status: number, body: string, context: Context, headers: Record<string, unknown>) => void;
  }

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests per second across all connections (open loop up to what the server keeps up with). */
    overallRate?: number;
    timeout?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: RequestSpec[];
    initialContext?: Context;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    statusCodeStats?: Record<string, { count: number }>;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}

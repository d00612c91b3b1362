/** The part of autocannon 9's programmatic API the bench uses (the package ships no types). */
declare module 'autocannon' {
  export interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }

  export interface RequestSpec extends Request {
    /** Rewrites the request before it is sent; `context` lives until the connection loops back to the first request. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
  }

  export interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    timeout?: number
    headers?: Record<string, string>
    requests?: RequestSpec[]
    /** Answer with the run's raw figures, to be aggregated with other runs' by `aggregateResult`. */
    skipAggregateResult?: boolean
  }

  /** One run's figures before aggregation: its latencies as an encoded histogram, its counts as numbers. */
  export interface RawResult {
    duration: number
    totalCompletedRequests: number
    errors: number
    timeouts: number
    non2xx: number
  }

  export interface Histogram {
    average: number
    p50: number
    p99: number
  }

  export interface Result {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    statusCodeStats: Record<string, { count: number }>
    latency: Histogram
    requests: Histogram & { total: number }
  }

  function autocannon(options: Options & { skipAggregateResult: true }): Promise<RawResult>
  function autocannon(options: Options): Promise<Result>
  namespace autocannon {
    /** Several runs' figures as one: latency percentiles over all their requests (its requests/s are not kept). */
    function aggregateResult(results: RawResult[], options: Options): Result
  }
  export default autocannon
}

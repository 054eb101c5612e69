/** autocannon as a promise, and the figures the load and benchmark scripts report. */
import autocannon from 'autocannon'

export function load(options: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
  )
}

export const summary = (result: autocannon.Result) => ({
  requests: result.requests.total,
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p97_5: result.latency.p97_5,
  p99: result.latency.p99,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
})

/**
 * OpenTelemetry traces, sent over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set: a span for
 * each request (named by its route pattern), server function, database query and outgoing call
 * (SMTP, S3), all of one request in its trace. Unset, nothing is started and the helpers below
 * run their work as it is, so tracing costs nothing.
 */
import '@tanstack/react-start/server-only'
import {
  type Attributes,
  context,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
  type Tracer,
} from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources'
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions'

import { serverEnv } from './env'
import { processWide } from './process-wide'

// Started by the start-up plugin, used by the request handlers.
const tracing = processWide('tracing', (): { provider?: TracerProvider; tracer?: Tracer } => ({}))
const tracerOrNone = () => tracing.tracer

/** Starts exporting spans if OTEL_EXPORTER_OTLP_ENDPOINT is set (the exporter reads it, and OTEL_*). */
export function startTracing() {
  const env = serverEnv()
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT || tracing.provider) return
  const provider = new TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME })),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  })
  trace.setGlobalTracerProvider(provider)
  // A span started while serving a request is a child of the one current there; a caller's
  // `traceparent` header names the trace a request continues.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  Object.assign(tracing, { provider, tracer: trace.getTracer('folio') })
}

/** Sends the spans still held and stops, at shutdown. */
export async function stopTracing() {
  await tracing.provider?.shutdown()
}

function ended(span: Span, error?: unknown) {
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error))
    span.setStatus({ code: SpanStatusCode.ERROR })
  }
  span.end()
}

/** Runs `work` in a span, a child of the current one, ended once it settles. */
export function traced<T>(
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
  kind: SpanKind = SpanKind.INTERNAL,
): Promise<T> {
  const tracer = tracerOrNone()
  if (!tracer) return work()
  return tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      const result = await work()
      ended(span)
      return result
    } catch (error) {
      ended(span, error)
      throw error
    }
  })
}

/**
 * Starts a span for work that ends elsewhere (a database query, answered later), a child of the
 * current one; the returned function ends it, with the error if it failed.
 */
export function startSpan(name: string, attributes: Attributes, kind: SpanKind): (error?: unknown) => void {
  const tracer = tracerOrNone()
  if (!tracer) return () => {}
  const span = tracer.startSpan(name, { kind, attributes })
  return (error) => ended(span, error)
}

/**
 * Serves a request in its span, continuing the trace a caller's `traceparent` names. `serve`
 * gets the trace id (the request's id in the log) and a function to record the status with.
 */
export function tracedRequest<T>(
  request: Request,
  name: string,
  attributes: Attributes,
  serve: (traceId: string | undefined, answered: (status: number) => void) => Promise<T>,
): Promise<T> {
  const tracer = tracerOrNone()
  if (!tracer) return serve(undefined, () => {})
  const caller = propagation.extract(context.active(), Object.fromEntries(request.headers))
  return context.with(caller, () =>
    tracer.startActiveSpan(name, { kind: SpanKind.SERVER, attributes }, async (span) => {
      const answered = (status: number) => {
        span.setAttribute('http.response.status_code', status)
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
      }
      try {
        const result = await serve(span.spanContext().traceId, answered)
        ended(span)
        return result
      } catch (error) {
        ended(span, error)
        throw error
      }
    }),
  )
}

import type { FastifyError, FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError, ErrorKey, toFailure, type ApiFailure } from '../../src-shared/errors'
import { zodFailure } from './validation'

function clientErrorMessage(status: number): string {
  if (status === 413) return '请求数据过大'
  if (status === 415) return '不支持的请求格式'
  return '请求格式错误'
}

/** The envelope for anything thrown while serving a request; `internal` ones are logged. */
export function failureOf(err: unknown): { failure: ApiFailure; internal: boolean } {
  if (err instanceof AppError) return { failure: toFailure(err), internal: false }
  if (err instanceof z.core.$ZodError) return { failure: toFailure(zodFailure(err.issues)), internal: false }
  const status = (err as Partial<FastifyError>)?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own refusals (malformed JSON, body too large, wrong content type).
    return { failure: toFailure(new AppError(ErrorKey.VALIDATION, clientErrorMessage(status))), internal: false }
  }
  return { failure: toFailure(new AppError(ErrorKey.INTERNAL)), internal: true }
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    const { failure, internal } = failureOf(err)
    if (internal) req.log.error({ err }, 'request failed')
    if (failure.data?.retryAfter !== undefined) void reply.header('Retry-After', String(failure.data.retryAfter))
    return reply.status(failure.code).send(failure)
  })
  app.setNotFoundHandler((_req, reply) => {
    const failure = toFailure(new AppError(ErrorKey.NOT_FOUND, '接口不存在'))
    return reply.status(failure.code).send(failure)
  })
}

/**
 * JSON bodies as Fastify parses them (prototype-poisoning checks included), except
 * that an empty body counts as no body: clients send `Content-Type: application/json`
 * on body-less POSTs such as logout.
 */
export function installJsonParser(app: FastifyInstance): void {
  const defaultParser = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString()
    if (text.trim() === '') return done(null, undefined)
    return defaultParser(req, text, done)
  })
}

import type { FastifyBaseLogger } from 'fastify'
import type { Bindings, ChildLoggerOptions, LevelWithSilent } from 'pino'

type LogArguments = Parameters<FastifyBaseLogger['info']>

/**
 * A request's logger (`req.log`) that makes its pino child — the request id bound into
 * every line — only when a line is actually written. Fastify makes that child for every
 * request by default, and at the server's usual level (warn: request lines only with
 * LOG_REQUESTS=1) nearly every request writes nothing: the child, its bindings turned
 * to JSON and the garbage they leave were ≈ 9 µs of a member-list request's CPU
 * (bench/floor, issue 28). A line at a level the parent writes comes out exactly as the
 * child's would.
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined

  constructor(
    readonly parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.parent.level
  }

  /** The request's pino child, made the first time a line or a child of it needs it. */
  private get made(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options))
  }

  private write(level: Exclude<LevelWithSilent, 'silent'>, args: LogArguments): void {
    if (this.parent.isLevelEnabled(level)) (this.made[level] as (...a: LogArguments) => void)(...args)
  }

  fatal(...args: LogArguments): void {
    this.write('fatal', args)
  }
  error(...args: LogArguments): void {
    this.write('error', args)
  }
  warn(...args: LogArguments): void {
    this.write('warn', args)
  }
  info(...args: LogArguments): void {
    this.write('info', args)
  }
  debug(...args: LogArguments): void {
    this.write('debug', args)
  }
  trace(...args: LogArguments): void {
    this.write('trace', args)
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options)
  }
}

/**
 * Fastify's `childLoggerFactory`: the lazy request logger above, or pino's own child where
 * a route sets a level or serializers of its own (none does today).
 */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options)
  return new RequestLogger(logger as RequestLogger['parent'], bindings, options) as unknown as FastifyBaseLogger
}

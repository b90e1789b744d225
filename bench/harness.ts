import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

/**
 * Side-by-side measurements: every figure of a benchmark is taken in the same run as
 * a bare Fastify hello-world on the same machine, and printed as a ratio to it, so the
 * numbers mean something on any machine.
 */

export interface BenchServer {
  url: string
  /** Process id of the server, e.g. to sample its memory in /proc. */
  pid: number
  stop(): Promise<void>
}

const SERVE = fileURLToPath(new URL('./serve.ts', import.meta.url))
const TSX = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url))

/** Starts `bench/serve.ts <kind>` in its own process and waits for its address. */
export function startBenchServer(kind: 'hello' | 'platform' | 'member-floor', env: Record<string, string> = {}): Promise<BenchServer> {
  const child: ChildProcess = spawn(TSX, [SERVE, kind], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code}) before it was ready`)))
    lines.on('line', (line) => {
      if (!line.startsWith('READY ')) return
      child.removeAllListeners('exit')
      resolve({
        url: line.slice('READY '.length),
        pid: child.pid!,
        stop: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
  })
}

export interface LoadOptions {
  /** Concurrent clients. */
  connections?: number
  /** Seconds of load after a one-second warm-up. */
  seconds?: number
}

export interface Measurement {
  title: string
  requestsPerSecond: number
  p50: number
  p99: number
  /** Requests answered with anything but 2xx, or not answered. */
  failures: number
}

/** Loads one URL with `connections` concurrent clients and returns throughput and latency. */
export async function measure(
  title: string,
  url: string,
  { headers = {}, connections = 10, seconds = 5 }: LoadOptions & { headers?: Record<string, string> } = {},
): Promise<Measurement> {
  await autocannon({ url, headers, connections, duration: 1 })
  const result = await autocannon({ url, headers, connections, duration: seconds })
  return {
    title,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

/** Prints each measurement with its throughput as a ratio to the hello-world baseline. */
export function printComparison(heading: string, baseline: Measurement, rows: readonly Measurement[]): void {
  console.log(`\n${heading}`)
  console.table(
    [baseline, ...rows].map((m) => ({
      what: m.title,
      'req/s': Math.round(m.requestsPerSecond),
      'p50 ms': m.p50,
      'p99 ms': m.p99,
      failures: m.failures,
      'ratio to hello-world': (m.requestsPerSecond / baseline.requestsPerSecond).toFixed(2),
    })),
  )
}

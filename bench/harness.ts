import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
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

/**
 * Starts `bench/serve.ts <kind>` in its own process and waits for its address; with `checkout`,
 * that of another checkout of the project (an earlier commit, measured beside this one).
 */
export function startBenchServer(kind: 'hello' | 'platform' | 'floor', env: Record<string, string> = {}, checkout?: string): Promise<BenchServer> {
  const serve = checkout ? join(checkout, 'bench/serve.ts') : SERVE
  // A session of its own (detached): where the scheduler shares the CPU by session (Linux's
  // autogroup), the load generator would otherwise take its share from the server it measures.
  const child: ChildProcess = spawn(TSX, [serve, kind], { cwd: checkout, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'], detached: true })
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
  /**
   * CPU time the server's processes spent per request (µs), when `pid` was given and
   * /proc can tell: unlike throughput, it hardly changes with what else the machine runs.
   */
  cpuMicrosPerRequest?: number
}

/** Clock ticks a second of /proc's CPU times (USER_HZ; 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100

function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number)
}

/** CPU time (µs) used so far by a process and its descendants (tsx runs the server in a child), or undefined without /proc. */
export function cpuMicros(pid: number): number | undefined {
  try {
    // utime and stime are fields 14 and 15; the name (field 2) may hold spaces, so count after its ')'.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    const own = ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND
    return childrenOf(pid).reduce((sum, child) => sum + (cpuMicros(child) ?? 0), own)
  } catch {
    return undefined
  }
}

/** Resident memory (bytes) of a process and its descendants, or undefined without /proc. */
export function residentBytes(pid: number): number | undefined {
  try {
    const own = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024
    return childrenOf(pid).reduce((sum, child) => sum + (residentBytes(child) ?? 0), own)
  } catch {
    return undefined
  }
}

/** Loads one URL with `connections` concurrent clients and returns throughput and latency. */
export async function measure(
  title: string,
  url: string,
  { headers = {}, connections = 10, seconds = 5, pid }: LoadOptions & { headers?: Record<string, string>; pid?: number } = {},
): Promise<Measurement> {
  await autocannon({ url, headers, connections, duration: 1 })
  const cpuBefore = pid === undefined ? undefined : cpuMicros(pid)
  const result = await autocannon({ url, headers, connections, duration: seconds })
  const cpuAfter = pid === undefined ? undefined : cpuMicros(pid)
  return {
    cpuMicrosPerRequest: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / result.requests.total,
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

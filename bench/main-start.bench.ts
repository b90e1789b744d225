import { bareStartMs, buildPlainStart, runPlainStart } from './main-start'

/**
 * Main-process start to window creation (the plain modules of src-main/electron/main.ts, in
 * a fresh process each time), beside a bare Node process's start on the same machine.
 * Target: under 1 s, and no server module loaded on the way.
 */
const RUNS = 10

async function main(): Promise<void> {
  const bundle = await buildPlainStart()
  runPlainStart(bundle) // warms the file cache
  const runs = Array.from({ length: RUNS }, () => runPlainStart(bundle))
  const times = runs.map((r) => r.windowAtMs).sort((a, b) => a - b)
  const bare = Array.from({ length: RUNS }, bareStartMs).sort((a, b) => a - b)
  const p50 = times[Math.floor(RUNS / 2)]
  const cpu = runs.map((r) => r.cpuMs).sort((a, b) => a - b)
  console.log(`main start → window: p50 ${p50.toFixed(0)} ms, max ${times[RUNS - 1].toFixed(0)} ms over ${RUNS} runs (CPU p50 ${cpu[Math.floor(RUNS / 2)].toFixed(0)} ms); ${runs[0].modules} modules loaded; server modules loaded: ${runs.some((r) => r.serverLoaded)}`)
  console.log(`bare Node start: p50 ${bare[Math.floor(RUNS / 2)].toFixed(0)} ms (the window path adds ${(p50 - bare[Math.floor(RUNS / 2)]).toFixed(0)} ms)`)
  if (p50 >= 1000 || runs.some((r) => r.serverLoaded)) {
    console.log('target missed: under 1 s and no server module')
    process.exit(1)
  }
}

void main()

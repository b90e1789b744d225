import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import type { ChartKind } from '../src-renderer/components/chart/options'

/**
 * Render time of the console's chart component with 10 000 points, per kind, in
 * headless Chromium (/usr/bin/chromium): from the option to the first frame drawn
 * (the target: under 500 ms) and to echarts' finished frame (after the grow-in
 * animation pies of few slices have), the median and worst of five draws after one
 * warm-up. A pie of 10 000 categories draws its 49 largest and one 其余 slice.
 */
const POINTS = 10_000
const TARGET_MS = 500
const RUNS = 5
const kinds: ChartKind[] = ['line', 'bar', 'horizontalBar', 'pie', 'ring']

async function main(): Promise<void> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./chart-harness.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.setContent('<!doctype html><html><body style="margin:0"></body></html>')
    await page.addScriptTag({ content: bundle.outputFiles[0].text })
    const rows = []
    for (const kind of kinds) {
      const times = await page.evaluate(
        async ({ kind, points, runs }) => {
          const render = (window as unknown as { renderChart(k: string, n: number): Promise<{ first: number; finished: number }> }).renderChart
          await render(kind, points)
          const measured: { first: number; finished: number }[] = []
          for (let i = 0; i < runs; i++) measured.push(await render(kind, points))
          return measured
        },
        { kind, points: POINTS, runs: RUNS },
      )
      const first = times.map((t) => t.first).sort((a, b) => a - b)
      const finished = times.map((t) => t.finished).sort((a, b) => a - b)
      rows.push({
        kind,
        points: POINTS,
        'first frame median ms': Math.round(first[Math.floor(RUNS / 2)]),
        'first frame max ms': Math.round(first[RUNS - 1]),
        'finished median ms': Math.round(finished[Math.floor(RUNS / 2)]),
      })
    }
    console.log(`\nChart render time, ${POINTS.toLocaleString()} points, headless Chromium`)
    console.table(rows)
    const slow = rows.filter((r) => r['first frame max ms'] >= TARGET_MS)
    console.log(slow.length === 0 ? `every kind drawn under ${TARGET_MS} ms` : `first frame over ${TARGET_MS} ms: ${slow.map((r) => r.kind).join(', ')}`)
  } finally {
    await browser.close()
  }
}

void main()

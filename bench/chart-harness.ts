import { init } from '../src-renderer/components/chart/echarts'
import { chartOption, type ChartKind } from '../src-renderer/components/chart/options'

/**
 * Loaded into Chromium by chart-render.bench.ts: draws the console's chart option for
 * `points` values with the console's echarts build and reports the milliseconds from
 * the option to the first frame drawn and to the finished one (after any animation:
 * pies of few slices grow in for a second).
 */
function render(kind: ChartKind, points: number): Promise<{ first: number; finished: number }> {
  const host = document.createElement('div')
  host.style.cssText = 'width:1200px;height:600px'
  document.body.append(host)
  const categories = Array.from({ length: points }, (_, i) => `第${i + 1}项`)
  const values = Array.from({ length: points }, (_, i) => Math.round(50 + 40 * Math.sin(i / 50) + (i % 7)))
  const started = performance.now()
  const chart = init(host, null, { renderer: 'canvas' })
  let first = 0
  return new Promise((resolve) => {
    chart.on('rendered', () => {
      first ||= performance.now() - started
    })
    chart.on('finished', () => {
      const finished = performance.now() - started
      chart.dispose()
      host.remove()
      resolve({ first, finished })
    })
    chart.setOption(chartOption({ kind, categories, series: [{ name: '人次', values }] }))
  })
}

Object.assign(window, { renderChart: render })

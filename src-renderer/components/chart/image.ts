import { chartOption, type ChartData } from './options'

/**
 * The chart the console would show, drawn once off screen (no animation) onto a canvas
 * of `width` × `height` CSS pixels at twice the pixels, for print reports.
 */
export async function chartImage(data: ChartData, width: number, height: number): Promise<HTMLCanvasElement> {
  const { init } = await import('./echarts')
  const chart = init(document.createElement('div'), null, { renderer: 'canvas', width, height, devicePixelRatio: 2 })
  try {
    chart.setOption({ ...chartOption(data), animation: false })
    return chart.renderToCanvas({ backgroundColor: '#ffffff', pixelRatio: 2 })
  } finally {
    chart.dispose()
  }
}

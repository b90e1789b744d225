import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { ImageRegular } from '@fluentui/react-icons'
import { EmptyState } from './EmptyState'
import type * as EchartsBuild from './chart/echarts'
import type { ECharts, EChartsCoreOption } from './chart/echarts'
import { categoryOfClick, chartOption, hasData, type ChartData } from './chart/options'

export type { ChartData, ChartKind, ChartSeries } from './chart/options'

export interface ChartProps extends ChartData {
  /** Heading above the chart, its accessible name and the name of the saved picture. */
  title: string
  /** CSS height of the drawing area. */
  height?: string
  /** The figures are still on their way: a spinner, not 还没有数据. */
  loading?: boolean
  /**
   * A click on a bar, point or slice: its index; a click on the one `selectedIndex`
   * names: null (a second click clears a filter).
   */
  onSelect?(index: number | null): void
}

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    minWidth: 0,
  },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  canvas: { position: 'relative', width: '100%' },
  loading: { position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' },
})

type EchartsModule = typeof EchartsBuild

/** echarts is loaded once, when the first chart is drawn. */
let echartsModule: Promise<EchartsModule> | undefined
const loadEcharts = () => (echartsModule ??= import('./chart/echarts'))

/** Saves what the chart shows as a PNG file (white background, twice the pixels). */
function savePng(chart: ECharts, title: string) {
  const link = document.createElement('a')
  link.href = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' })
  link.download = `${title}.png`
  link.click()
}

/**
 * The console's one chart: line, bar, horizontal bar, pie or ring from categories and
 * series, in the console's palette with Chinese labels; 还没有数据 when there is
 * nothing to draw; a button saves it as a PNG. echarts loads lazily on first use.
 */
export function Chart({ title, height = '320px', loading = false, onSelect, ...data }: ChartProps) {
  const styles = useStyles()
  const host = useRef<HTMLDivElement>(null)
  const chart = useRef<ECharts | null>(null)
  const [ready, setReady] = useState(false)
  /** The option of the drawing finished, animations included (tests click slices only then). */
  const [drawnKey, setDrawnKey] = useState('')
  const drawingKey = useRef('')
  const empty = loading || !hasData(data)
  const option = chartOption(data)
  const optionKey = JSON.stringify(option)

  const select = useEffectEvent((dataIndex: number, datum: unknown) => {
    const index = categoryOfClick(data.kind, dataIndex, datum)
    if (index !== null) onSelect?.(data.selectedIndex === index ? null : index)
  })

  useEffect(() => {
    if (empty || !host.current) return
    const element = host.current
    let disposed = false
    let observer: ResizeObserver | undefined
    void loadEcharts().then(({ init }) => {
      if (disposed) return
      const instance = init(element, null, { renderer: 'canvas' })
      instance.on('finished', () => setDrawnKey(drawingKey.current))
      instance.on('click', (params) => {
        if (typeof params.dataIndex === 'number') select(params.dataIndex, params.data)
      })
      observer = new ResizeObserver(() => instance.resize())
      observer.observe(element)
      chart.current = instance
      setReady(true)
    })
    return () => {
      disposed = true
      observer?.disconnect()
      chart.current?.dispose()
      chart.current = null
      setReady(false)
    }
  }, [empty])

  useEffect(() => {
    // The option's text stands for the option: a new object with the same content draws nothing new.
    if (!ready || !chart.current) return
    drawingKey.current = optionKey
    chart.current.setOption(JSON.parse(optionKey) as EChartsCoreOption, { notMerge: true })
  }, [ready, optionKey])

  return (
    <section className={styles.root} aria-label={title}>
      <div className={styles.header}>
        <Text weight="semibold">{title}</Text>
        {!empty && (
          <Button
            size="small"
            appearance="subtle"
            icon={<ImageRegular />}
            disabled={!ready}
            onClick={() => chart.current && savePng(chart.current, title)}
          >
            保存图片
          </Button>
        )}
      </div>
      {loading ? (
        <div className={styles.canvas} style={{ height }}>
          <Spinner className={styles.loading} size="small" label="加载中..." />
        </div>
      ) : empty ? (
        <EmptyState />
      ) : (
        <div className={styles.canvas} style={{ height }}>
          <div ref={host} role="img" aria-label={title} data-chart-kind={data.kind} data-drawn={ready && drawnKey === optionKey} style={{ width: '100%', height: '100%' }} />
          {!ready && (
            <div className={styles.loading}>
              <Spinner size="small" label="图表加载中..." />
            </div>
          )}
        </div>
      )}
    </section>
  )
}

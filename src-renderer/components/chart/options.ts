import type { EChartsCoreOption } from 'echarts/core'

/** What the chart component draws: line, vertical or horizontal bars, a pie or a ring. */
export type ChartKind = 'line' | 'bar' | 'horizontalBar' | 'pie' | 'ring'

export interface ChartSeries {
  /** Legend and tooltip name, e.g. 培训人次. */
  name: string
  /** One value per category. */
  values: readonly number[]
}

export interface ChartData {
  kind: ChartKind
  /** Axis labels, or slice names of a pie or ring. */
  categories: readonly string[]
  /** Pies and rings draw the first series. */
  series: readonly ChartSeries[]
  /** The slice or category shown as chosen (a pie slice lifted out). */
  selectedIndex?: number | null
  /** Top of the value axis when the values have a natural one (100 for percentages). */
  max?: number
}

/** The console's palette: party red first, then colours that stay apart from it and each other. */
export const chartPalette = ['#C8161D', '#2F7FC1', '#E6A23C', '#3FA7A3', '#8E6CC0', '#E36C60', '#5B8C5A', '#D4A017', '#4A5E8C', '#9A9A9A']

const textStyle = { fontFamily: '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif' }

/** Above this many categories an axis chart gets a zoom slider instead of unreadable labels. */
const ZOOM_FROM = 30

const isPie = (kind: ChartKind) => kind === 'pie' || kind === 'ring'

/**
 * Whether there is anything to draw. On an axis a category at 0 is a figure (five
 * organisations at 0 % reached are data, not 还没有数据); a pie of nothing but zeros
 * has no slice to draw.
 */
export function hasData(data: ChartData): boolean {
  if (data.categories.length === 0) return false
  return isPie(data.kind) ? data.series.some((s) => s.values.some((v) => v !== 0)) : data.series.length > 0
}

function axisOption(data: ChartData): EChartsCoreOption {
  const horizontal = data.kind === 'horizontalBar'
  const many = data.categories.length > ZOOM_FROM
  const categoryAxis = {
    type: 'category',
    data: data.categories,
    axisLabel: horizontal ? { width: 180, overflow: 'truncate' } : { interval: many ? 'auto' : 0, rotate: data.categories.length > 8 ? 30 : 0, width: 90, overflow: 'truncate' },
  }
  const valueAxis = { type: 'value', minInterval: 1, max: data.max }
  const anyFigure = data.series.some((s) => s.values.some((value) => value !== 0))
  return {
    color: chartPalette,
    textStyle,
    animation: !many,
    tooltip: { trigger: 'axis', axisPointer: { type: data.kind === 'line' ? 'line' : 'shadow' } },
    legend: data.series.length > 1 ? { top: 0 } : undefined,
    grid: { left: 16, right: 24, top: data.series.length > 1 ? 36 : 16, bottom: many ? 48 : 8, containLabel: true },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? { ...categoryAxis, inverse: true } : valueAxis,
    // No data shadow in the slider: it draws the whole series a second time.
    dataZoom: many ? [{ type: 'slider', showDataShadow: false, [horizontal ? 'yAxisIndex' : 'xAxisIndex']: 0, bottom: horizontal ? undefined : 8 }] : undefined,
    series: data.series.map((s) => ({
      name: s.name,
      type: data.kind === 'line' ? 'line' : 'bar',
      // Zero bars carry no label beside bars that have one (a row of 0s under every empty category is
      // noise); where every bar is 0 the 0s are the figures.
      data: many || !anyFigure ? s.values : s.values.map((value) => (value === 0 ? { value, label: { show: false } } : value)),
      showSymbol: !many,
      sampling: many ? 'lttb' : undefined,
      large: many,
      barMaxWidth: 36,
      label: many || data.kind === 'line' ? undefined : { show: true, position: horizontal ? 'right' : 'top' },
    })),
  }
}

/**
 * A pie shows at most this many slices: the rest are merged into one 其余 slice. More
 * are unreadable, and echarts takes seconds to draw thousands of sectors.
 */
export const PIE_SLICES_MAX = 50

/** Where a pie sits in its canvas (x, y), above the legend, and its radius (of half the shorter side). */
export const PIE_CENTRE = ['50%', '42%']
export const PIE_RADIUS = '52%'
const PIE_RING_RADII = ['32%', PIE_RADIUS]

/**
 * The slices drawn: each keeps the index of its category (`index`), the merged rest has none.
 * Empty categories are left out: a slice of 0 draws nothing and only crowds the legend.
 */
function pieSlices(data: ChartData) {
  const values = data.series[0]?.values ?? []
  const slices = data.categories.map((name, index) => ({ name, value: values[index] ?? 0, index })).filter((slice) => slice.value !== 0)
  if (slices.length <= PIE_SLICES_MAX) return slices
  const kept = [...slices].sort((a, b) => b.value - a.value).slice(0, PIE_SLICES_MAX - 1)
  const keptIndexes = new Set(kept.map((s) => s.index))
  const rest = slices.filter((s) => !keptIndexes.has(s.index))
  return [
    ...slices.filter((s) => keptIndexes.has(s.index)),
    { name: `其余 ${rest.length} 项`, value: rest.reduce((sum, s) => sum + s.value, 0), index: undefined },
  ]
}

function pieOption(data: ChartData): EChartsCoreOption {
  const first = data.series[0]
  const ring = data.kind === 'ring'
  return {
    color: chartPalette,
    textStyle,
    tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
    // A plain legend wraps onto more rows: every name whole, no pages to click through.
    legend: { type: 'plain', bottom: 0, left: 'center', itemGap: 12, itemWidth: 14, itemHeight: 10 },
    series: [
      {
        name: first?.name ?? '',
        type: 'pie',
        radius: ring ? PIE_RING_RADII : PIE_RADIUS,
        center: PIE_CENTRE,
        selectedMode: 'single',
        selectedOffset: 8,
        percentPrecision: 1,
        // The legend names the slices; a label beside each slice says its share (names there were cut in a narrow panel).
        label: { formatter: '{d}%' },
        labelLine: { length: 6, length2: 6 },
        labelLayout: { hideOverlap: true },
        data: pieSlices(data).map((slice) => ({ ...slice, selected: slice.index !== undefined && data.selectedIndex === slice.index })),
      },
    ],
  }
}

/** The category a clicked datum stands for: its own index on axes, the slice's `index` on a pie (none for 其余). */
export function categoryOfClick(kind: ChartKind, dataIndex: number, datum: unknown): number | null {
  if (!isPie(kind)) return dataIndex
  const index = (datum as { index?: number } | null)?.index
  return typeof index === 'number' ? index : null
}

/** The echarts option for the data: Chinese fonts, the console's palette, zoom for long axes. */
export function chartOption(data: ChartData): EChartsCoreOption {
  return isPie(data.kind) ? pieOption(data) : axisOption(data)
}

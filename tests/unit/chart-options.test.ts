import { describe, expect, it } from 'vitest'
import { chartOption, hasData, type ChartData } from '../../src-renderer/components/chart/options'

interface DrawnSeries {
  smooth?: boolean
  data: ({ name: string; index?: number } | number | { value: number; label?: { show: boolean } })[]
}
const seriesOf = (data: ChartData) => (chartOption(data) as { series: DrawnSeries[] }).series

describe('chart options', () => {
  it('counts a bar of 0 as a figure, and a pie of nothing but zeros as nothing to draw', () => {
    // The ledger's 达标率最低的组织: five organisations at 0 % are data, not 还没有数据.
    const rates: ChartData = { kind: 'horizontalBar', categories: ['一', '二', '三', '四', '五'], series: [{ name: '达标率', values: [0, 0, 0, 0, 0] }], max: 100 }
    expect(hasData(rates)).toBe(true)
    expect(hasData({ ...rates, kind: 'pie' })).toBe(false)
    expect(hasData({ ...rates, categories: [], series: [{ name: '达标率', values: [] }] })).toBe(false)
    // Where every bar is 0, the 0s keep their labels: they are the figures.
    expect(seriesOf(rates)[0].data).toEqual([0, 0, 0, 0, 0])
  })

  it('draws no slice and no legend entry for an empty category, and a slice keeps its category', () => {
    const pie: ChartData = { kind: 'pie', categories: ['甲', '乙', '丙', '丁'], series: [{ name: '班数', values: [2, 0, 3, 0] }] }
    const slices = seriesOf(pie)[0].data as { name: string; index: number }[]
    expect(slices.map((s) => [s.name, s.index])).toEqual([
      ['甲', 0],
      ['丙', 2],
    ])
    expect((chartOption(pie) as { legend: { type: string } }).legend.type).toBe('plain')
  })

  it('joins the points of a line straight: its categories are separate units, not a curve', () => {
    const line: ChartData = { kind: 'line', categories: ['省财政厅', '省教育厅', '省卫健委'], series: [{ name: '培训人次', values: [8, 0, 10] }] }
    expect(seriesOf(line)[0].smooth).toBeFalsy()
  })
})

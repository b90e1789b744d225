/**
 * The echarts build of the console: the core with only the charts and components the
 * screens draw (TOOLCHAIN: the full package adds megabytes). Imported lazily by the
 * chart component, so screens without charts never load it.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts'
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import * as echartsCore from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'

echartsCore.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, DataZoomComponent, CanvasRenderer])

export const init = echartsCore.init
export type { ECharts, EChartsCoreOption } from 'echarts/core'

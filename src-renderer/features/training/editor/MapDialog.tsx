import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { Button, Input, makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components'
import { SearchRegular } from '@fluentui/react-icons'
import { z } from 'zod'
import { call } from '../../../lib/bridge'
import { FormDialog } from '../../../components/FormDialog'
import { TextField } from '../../../components/FormFields'

/** Map default centre (spec 000 §9). */
const CENTRE = { lng: 116.404, lat: 39.915 }

const coordinate = (label: string, limit: number) =>
  z
    .string()
    .trim()
    .min(1, `请输入${label}`)
    .regex(/^-?\d+(\.\d+)?$/, `${label}须为数字`)
    .transform(Number)
    .pipe(z.number().min(-limit, `${label}须在 -${limit} 到 ${limit} 之间`).max(limit, `${label}须在 -${limit} 到 ${limit} 之间`))

const CoordinateSchema = z.object({ lng: coordinate('经度', 180), lat: coordinate('纬度', 90) })
type CoordinateInput = z.input<typeof CoordinateSchema>

/** The little of the Baidu map API (v3, `window.BMap`) the picker uses. */
interface BaiduPoint { lng: number; lat: number }
interface BaiduMap {
  centerAndZoom(point: BaiduPoint, zoom: number): void
  enableScrollWheelZoom(): void
  addEventListener(event: 'click', listener: (e: { point: BaiduPoint }) => void): void
  clearOverlays(): void
  addOverlay(overlay: unknown): void
  panTo(point: BaiduPoint): void
}
interface BaiduApi {
  Map: new (element: HTMLElement) => BaiduMap
  Point: new (lng: number, lat: number) => BaiduPoint
  Marker: new (point: BaiduPoint) => unknown
  LocalSearch: new (
    map: BaiduMap,
    options: { onSearchComplete(results: { getCurrentNumPois(): number; getPoi(i: number): { point: BaiduPoint } } | undefined): void },
  ) => { search(keyword: string): void }
}
type MapState = { phase: 'loading' } | { phase: 'ready'; api: BaiduApi } | { phase: 'unavailable'; message: string }

/** Loads the provider's script once per page; its URL comes from the server (`GET /api/map/script`). */
let scriptLoad: Promise<BaiduApi> | null = null
async function loadMapApi(): Promise<BaiduApi> {
  let scriptUrl: string
  try {
    scriptUrl = (await call('map.script')).scriptUrl
  } catch {
    throw new Error('获取地图脚本URL失败')
  }
  if (!scriptUrl) throw new Error('未配置地图服务')
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = scriptUrl
    script.onload = () => resolve()
    script.onerror = () => reject(new Error('百度地图脚本加载失败'))
    document.head.appendChild(script)
  })
  const api = (window as Window & { BMap?: BaiduApi }).BMap
  if (!api) throw new Error('百度地图API加载失败')
  return api
}

const useStyles = makeStyles({
  map: { width: '100%', height: '320px', border: `1px solid ${tokens.colorNeutralStroke2}` },
  search: { display: 'flex', gap: tokens.spacingHorizontalS },
  fields: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, '& > *': { flex: 1 } },
})

function MapArea({ api, onPoint }: { api: BaiduApi; onPoint(point: BaiduPoint): void }) {
  const styles = useStyles()
  const element = useRef<HTMLDivElement>(null)
  const map = useRef<BaiduMap | null>(null)
  const [keyword, setKeyword] = useState('')
  const [searchMessage, setSearchMessage] = useState('')
  const pick = useEffectEvent(onPoint)

  useEffect(() => {
    if (!element.current) return
    const instance = new api.Map(element.current)
    instance.centerAndZoom(new api.Point(CENTRE.lng, CENTRE.lat), 12)
    instance.enableScrollWheelZoom()
    instance.addEventListener('click', ({ point }) => {
      instance.clearOverlays()
      instance.addOverlay(new api.Marker(point))
      pick(point)
    })
    map.current = instance
  }, [api])

  const search = () => {
    if (!map.current || !keyword.trim()) return
    const instance = map.current
    new api.LocalSearch(instance, {
      onSearchComplete(results) {
        if (!results || results.getCurrentNumPois() === 0) {
          setSearchMessage('未找到相关地点')
          return
        }
        const { point } = results.getPoi(0)
        setSearchMessage('')
        instance.clearOverlays()
        instance.addOverlay(new api.Marker(point))
        instance.panTo(point)
        onPoint(point)
      },
    }).search(keyword.trim())
  }

  return (
    <>
      <div className={styles.search}>
        <Input value={keyword} onChange={(_, d) => setKeyword(d.value)} placeholder="搜索地址" aria-label="搜索地址" />
        <Button icon={<SearchRegular />} onClick={search}>
          搜索
        </Button>
      </div>
      {searchMessage && <MessageBar intent="warning"><MessageBarBody>{searchMessage}</MessageBarBody></MessageBar>}
      <div ref={element} className={styles.map} />
    </>
  )
}

function parse(value: string): CoordinateInput {
  const [lng, lat] = value.split(',')
  return lng && lat ? { lng, lat } : { lng: String(CENTRE.lng), lat: String(CENTRE.lat) }
}

/**
 * Picks the training's location as `longitude,latitude`: on the provider's map when one
 * is configured and reachable, otherwise (no provider, no internet, blocked script) by
 * typing the coordinates — the reason is shown, and nobody is stuck.
 */
export function MapDialog({
  open,
  onOpenChange,
  value,
  onPick,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  value: string
  onPick(lngLat: string): void
}) {
  const styles = useStyles()
  const [state, setState] = useState<MapState>({ phase: 'loading' })

  useEffect(() => {
    if (!open) return
    let current = true
    scriptLoad ??= loadMapApi()
    scriptLoad
      .then((api) => current && setState({ phase: 'ready', api }))
      .catch((error: Error) => {
        // A failed load is tried again at the next opening (the network may be back).
        scriptLoad = null
        if (current) setState({ phase: 'unavailable', message: error.message })
      })
    return () => {
      current = false
    }
  }, [open])

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="选择经纬度"
      schema={CoordinateSchema}
      defaultValues={parse(value)}
      onSubmit={async ({ lng, lat }) => onPick(`${Number(lng.toFixed(6))},${Number(lat.toFixed(6))}`)}
    >
      {(form) => (
        <>
          {state.phase === 'loading' && <Spinner size="small" label="地图加载中..." />}
          {state.phase === 'unavailable' && (
            <MessageBar intent="warning">
              <MessageBarBody>{state.message}。可直接输入经纬度。</MessageBarBody>
            </MessageBar>
          )}
          {state.phase === 'ready' && (
            <MapArea
              api={state.api}
              onPoint={(point) => {
                form.setValue('lng', String(point.lng))
                form.setValue('lat', String(point.lat))
              }}
            />
          )}
          <div className={styles.fields}>
            <TextField control={form.control} name="lng" label="经度" required hint="-180 到 180" />
            <TextField control={form.control} name="lat" label="纬度" required hint="-90 到 90" />
          </div>
        </>
      )}
    </FormDialog>
  )
}

import { z } from 'zod'
import { defineRoutes } from '../contract'

export const MapScriptSchema = z.object({
  /** Script URL of the configured map provider (MAP_SCRIPT_URL); empty when none is configured. */
  scriptUrl: z.string(),
})

/** Map provider for the training location picker (spec 000 §7 Maps). */
export const mapRoutes = defineRoutes({
  'map.script': {
    method: 'GET', path: '/api/map/script', access: 'login',
    summary: '地图脚本地址（未配置时为空，客户端改为手工输入经纬度）',
    response: MapScriptSchema,
  },
})

import { useEffect, useState } from 'react'
import { Caption1, tokens } from '@fluentui/react-components'
import type { AppInfo } from '../../../src-shared/ipc'
import { call } from '../../lib/bridge'

/** How the console reaches its server, in words (also on the home page). */
export function describeServer(info: Pick<AppInfo, 'serverMode' | 'serverUrl'>): string {
  return info.serverMode === 'standalone' ? '单机模式（内置服务器）' : `连接服务器 ${info.serverUrl}`
}

/** A small line on the login page saying which server the console signs in to. */
export function ServerModeNote() {
  const [info, setInfo] = useState<AppInfo | null>(null)
  useEffect(() => {
    call('app.info').then(setInfo, () => setInfo(null))
  }, [])
  if (!info) return <span />
  return <Caption1 style={{ color: tokens.colorNeutralForeground3 }}>{describeServer(info)}</Caption1>
}

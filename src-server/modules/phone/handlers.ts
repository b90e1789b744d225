import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { DomainHandlers } from '../../http/context'
import { phoneScript } from './script'

export const phoneHandlers = {
  // Asked for with its version (`?v=`), the script may be kept a year: a new build is a new address.
  'phone.script': async ({ v }, { reply }) => {
    const script = phoneScript()
    if (!script) throw new AppError(ErrorKey.NOT_FOUND, '手机页面脚本尚未构建（npm run build）')
    return reply
      .header('Content-Type', 'text/javascript; charset=utf-8')
      .header('Cache-Control', v === script.version ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(script.text)
  },
} satisfies DomainHandlers<'phone'>

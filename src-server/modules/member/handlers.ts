import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { DomainHandlers } from '../../http/context'

function notYet(): never {
  throw new AppError(ErrorKey.INTERNAL, '尚未实现')
}

export const memberHandlers = {
  'member.list': () => notYet(),
  'member.get': () => notYet(),
  'member.create': () => notYet(),
  'member.update': () => notYet(),
  'member.delete': () => notYet(),
  'member.disable': () => notYet(),
  'member.enable': () => notYet(),
  'member.importTemplate': () => notYet(),
  'member.importCheck': () => notYet(),
  'member.importCommit': () => notYet(),
  'member.export': () => notYet(),
} satisfies DomainHandlers<'member'>

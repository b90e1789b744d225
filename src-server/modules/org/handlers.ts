import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { DomainHandlers } from '../../http/context'

function notYet(): never {
  throw new AppError(ErrorKey.INTERNAL, '尚未实现')
}

export const orgHandlers = {
  'org.list': () => notYet(),
  'org.children': () => notYet(),
  'org.search': () => notYet(),
  'org.get': () => notYet(),
  'org.create': () => notYet(),
  'org.update': () => notYet(),
  'org.delete': () => notYet(),
  'department.all': () => notYet(),
} satisfies DomainHandlers<'org'> & DomainHandlers<'department'>

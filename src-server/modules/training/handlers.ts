import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { DomainHandlers } from '../../http/context'

const notYet = async (): Promise<never> => {
  throw new AppError(ErrorKey.INTERNAL, '尚未实现')
}

export const trainingHandlers = {
  'train.list': notYet,
  'train.all': notYet,
  'train.hostUnits': notYet,
  'train.get': notYet,
  'train.create': notYet,
  'train.update': notYet,
  'train.audit': notYet,
  'train.archive': notYet,
  'train.notice': notYet,
  'train.delete': notYet,
  'total.result': notYet,
} satisfies DomainHandlers<'train'> & DomainHandlers<'total'>

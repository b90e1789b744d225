import { AppError, ErrorKey } from '../../../src-shared/errors'
import type { DomainHandlers } from '../../http/context'

const notYet = async (): Promise<never> => {
  throw new AppError(ErrorKey.INTERNAL, '尚未实现')
}

export const signUpHandlers = {
  'signup.all': notYet,
  'signup.list': notYet,
  'signup.get': notYet,
  'signup.create': notYet,
  'signup.update': notYet,
  'signup.delete': notYet,
  'signup.downloadAll': notYet,
  'signup.upload': notYet,
  'signup.statistics': notYet,
  'signup.statisticsDownload': notYet,
  'checkin.list': notYet,
  'checkin.code': notYet,
  'mobile.signUpPage': notYet,
  'mobile.signUp': notYet,
  'mobile.checkInPage': notYet,
  'mobile.checkIn': notYet,
} satisfies DomainHandlers<'signup'> & DomainHandlers<'checkin'> & DomainHandlers<'mobile'>

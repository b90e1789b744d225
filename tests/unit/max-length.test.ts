import { expect, it } from 'vitest'
import type { z } from 'zod'
import { trainBasicShape } from '../../src-shared/schemas/training'
import { maxLengthOf } from '../../src-shared/schemas/common'
it('reads the limit of a field from its schema through its wrappers', () => {
  const shape: Record<string, z.ZodType> = trainBasicShape.shape
  expect(['name', 'sendObject', 'classTypeName', 'signUpMarks', 'classHour'].map((k) => maxLengthOf(shape[k]))).toEqual([100, 200, 50, 500, undefined])
})

import { classTypeLabel, classTypes } from '../../../src-shared/schemas/training-codes'

/** Class types in code order 1–10: the pie's slice i is class type i + 1 (spec 000 §2). */
export const classTypesByCode = [...classTypes].sort((a, b) => a.code - b.code)

export { classTypeLabel }

/** 0.375 → 37.5% */
export const percent = (rate: number) => `${(rate * 100).toFixed(1).replace(/\.0$/, '')}%`

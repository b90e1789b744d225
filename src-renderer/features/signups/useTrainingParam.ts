import { useCallback, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { TrainDetail } from '../../../src-shared/schemas/training'
import { call } from '../../app/bridge'
import { useNotify } from '../../components/toast'

/** The training named by the page's `?id=`: its id (null when missing or not a number) and its record once loaded. */
export function useTrainingParam() {
  const [params] = useSearchParams()
  const raw = params.get('id')
  const trainId = raw && /^\d+$/.test(raw) ? Number(raw) : null
  const [training, setTraining] = useState<TrainDetail | null>(null)
  const [failed, setFailed] = useState(false)
  const [version, setVersion] = useState(0)
  const notify = useNotify()

  useEffect(() => {
    if (trainId === null) return
    let current = true
    call('train.get', { id: trainId }).then(
      (found) => {
        if (!current) return
        setTraining(found)
        setFailed(false)
      },
      (error: unknown) => {
        if (!current) return
        setFailed(true)
        notify.error(error)
      },
    )
    return () => {
      current = false
    }
  }, [trainId, version, notify])

  /** Fetches the training again (its sign-up count changes with every add and delete). */
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { trainId, training, missing: trainId === null || failed, reload }
}

import { useSearchParams } from 'react-router-dom'
import type { TrainDetail } from '../../../src-shared/schemas/training'
import { call } from '../../lib/bridge'
import { idParamOf, useRecordById } from '../../components/useRecordById'

const loadTraining = (id: number): Promise<TrainDetail> => call('train.get', { id })

/** The training named by the page's `?id=`: its id (null when missing or not a number) and its loading state. */
export function useTrainingParam() {
  const [params] = useSearchParams()
  const trainId = idParamOf(params, 'id')
  const { state, reload } = useRecordById(trainId, loadTraining)
  return { trainId, training: state.status === 'found' ? state.record : null, state, reload }
}

import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData } from '@tanstack/react-query'
import type {
  DownloadPlan,
  DownloadSpecInput,
  PlanProblem,
} from '../../../shared/ipc/channels/downloads'
import { useInvoke } from '../../ipc/hooks'
import { fieldOfError, type PlanField } from './plan-spec'
import type { FieldNotes } from './plan-fields'

/** How long typing pauses before the engine is asked for a new plan. */
export const PLAN_DEBOUNCE_MS = 400

const EMPTY_SPEC: DownloadSpecInput = {
  serverId: '-',
  source: { kind: 'upload', uploadId: '-' },
  destination: '-',
}

/**
 * Asks `downloads.plan` for the latest spec once typing pauses; the previous plan stays on
 * screen (marked pending) while the next one is computed.
 */
export function usePlan(spec: DownloadSpecInput | undefined) {
  const ready = spec !== undefined && spec.destination !== ''
  const [debounced] = useDebouncedValue(ready ? spec : undefined, PLAN_DEBOUNCE_MS)
  const settled = debounced !== undefined && JSON.stringify(debounced) === JSON.stringify(spec)
  const query = useInvoke('downloads.plan', debounced ?? EMPTY_SPEC, {
    enabled: debounced !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
  })
  const plan: DownloadPlan | undefined = ready ? query.data : undefined
  const current = ready && settled && !query.isFetching && !query.isPlaceholderData
  return {
    plan,
    /** The plan matches the form as it is now. */
    current,
    pending: ready && !current,
    error: ready && settled ? query.error : null,
  }
}

/** The plan's problems (and a refusal naming a field) grouped by the field they belong to. */
export function notesByField(
  problems: readonly PlanProblem[],
  refusal: { field: PlanField | undefined; message: string } | null,
): (field: PlanField) => FieldNotes {
  return (field) => {
    const mine = problems.filter((p) => p.field === field)
    const error =
      mine.find((p) => p.severity === 'error')?.message ??
      (refusal?.field === field ? refusal.message : undefined)
    return {
      ...(error !== undefined ? { error } : {}),
      warnings: mine.filter((p) => p.severity === 'warning').map((p) => p.message),
    }
  }
}

export { fieldOfError }

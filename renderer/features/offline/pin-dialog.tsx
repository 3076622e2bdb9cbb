import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { keepPreviousData } from '@tanstack/react-query'
import { IconCircleCheck } from '@tabler/icons-react'
import { useState } from 'react'
import { MAX_PIN_LIMIT, type PinSpecInput } from '../../../shared/ipc/channels/offline'
import { ErrorAlert } from '../../components/error-alert'
import { useInvoke, useMutationInvoke } from '../../ipc/hooks'
import { formatBytes } from '../uploads/files/format-bytes'
import type { StartPinRequest } from './start-pin'
import { useReturnFocus } from '../../components/return-focus'
import { pinSpace } from '../../../shared/offline/pin-space'
import { PinSpaceNote } from './pin-space-note'

/** How long typing in the limit pauses before the estimate is asked again. */
const ESTIMATE_DEBOUNCE_MS = 400
const count = (n: number) => n.toLocaleString('en-US')

/**
 * The pin dialog: how many entries the source matches, how many the pin keeps (the limit), and
 * the space it will take, before anything is stored; then the pin runs in the background.
 */
export function PinDialog({
  request,
  onClose,
  onShowOffline,
}: {
  request: StartPinRequest
  onClose: () => void
  onShowOffline: () => void
}) {
  // Mounted open and unmounted to close: Mantine would not return the focus.
  useReturnFocus()
  const [label, setLabel] = useState(request.label ?? '')
  const [limit, setLimit] = useState<number | string>(10_000)
  const [withArchives, setWithArchives] = useState(true)
  const [withRawFiles, setWithRawFiles] = useState(false)
  const validLimit = typeof limit === 'number' && limit >= 1 && limit <= MAX_PIN_LIMIT
  const spec: PinSpecInput = {
    serverId: request.serverId,
    source: request.source,
    limit: validLimit ? limit : 1,
    withArchives,
    ...(label.trim() ? { label: label.trim() } : {}),
  }
  const [debounced] = useDebouncedValue(spec, ESTIMATE_DEBOUNCE_MS)
  const estimate = useInvoke('offline.estimate', debounced, {
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
  const settled = JSON.stringify(debounced) === JSON.stringify(spec) && !estimate.isFetching
  const pin = useMutationInvoke('offline.pin')
  const started = pin.isSuccess
  const nothing = estimate.data?.entries === 0
  const space = estimate.data ? pinSpace(estimate.data) : { state: 'unknown' as const }
  const tooBig = settled && space.state === 'too-big'

  return (
    <Modal opened onClose={onClose} title="Pin for offline use" size="lg" data-testid="pin-dialog">
      {started ? (
        <Stack gap="md">
          <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title="Pinning started">
            The entries are stored in the background; the Offline section shows the progress. You
            can keep working meanwhile.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={onShowOffline} data-testid="pin-show-offline">
              Show in Offline
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <TextInput
            label="Name in the library"
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            maxLength={200}
            data-testid="pin-label"
          />
          <NumberInput
            label="Keep at most"
            description="Entries beyond the limit are left out (the first ones by entry id are kept)."
            value={limit}
            onChange={setLimit}
            min={1}
            max={MAX_PIN_LIMIT}
            thousandSeparator=" "
            suffix=" entries"
            allowDecimal={false}
            error={validLimit ? undefined : `Between 1 and ${count(MAX_PIN_LIMIT)} entries.`}
            data-testid="pin-limit"
          />
          <Checkbox
            label="Keep archive summaries"
            description="Results, metadata, and the last calculation and system of each entry: what the archive viewer shows offline."
            checked={withArchives}
            onChange={(event) => setWithArchives(event.currentTarget.checked)}
            data-testid="pin-archives"
          />
          <Checkbox
            label="Also keep raw files"
            description="Once the pin is complete, a job in Downloads fetches its entries’ raw files into the library’s folder, so the file browser works offline too. They can take far more space than the estimate below."
            checked={withRawFiles}
            onChange={(event) => setWithRawFiles(event.currentTarget.checked)}
            data-testid="pin-raw-files"
          />
          <EstimateLine
            loading={estimate.isPending || !settled}
            matched={estimate.data?.matched}
            entries={estimate.data?.entries}
            bytes={estimate.data?.bytes}
          />
          {estimate.data && settled && (
            <PinSpaceNote estimate={estimate.data} space={space} onLower={setLimit} />
          )}
          {estimate.error && <ErrorAlert error={estimate.error} />}
          {pin.error && <ErrorAlert error={pin.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              onClick={() => pin.mutate({ ...spec, withRawFiles })}
              loading={pin.isPending}
              disabled={!validLimit || !settled || !estimate.data || nothing || tooBig}
              aria-describedby={tooBig ? 'pin-space-reason' : undefined}
              data-testid="pin-start"
            >
              Pin
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}

function EstimateLine(props: {
  loading: boolean
  matched: number | undefined
  entries: number | undefined
  bytes: number | undefined
}) {
  const { matched, entries, bytes } = props
  if (matched === undefined || entries === undefined || bytes === undefined)
    return (
      <Group gap="xs" data-testid="pin-estimate" data-state="pending">
        <Loader size="xs" aria-hidden />
        <Text size="sm">Counting the entries and measuring a sample…</Text>
      </Group>
    )
  if (matched === 0)
    return (
      <Alert color="yellow" data-testid="pin-estimate" data-state="empty">
        Nothing to pin: no entries match.
      </Alert>
    )
  return (
    <Stack gap={4} data-testid="pin-estimate" data-state={props.loading ? 'pending' : 'ready'}>
      <Text size="sm" aria-live="polite">
        {count(matched)} {matched === 1 ? 'entry matches' : 'entries match'}; the pin keeps{' '}
        <b data-testid="pin-estimate-entries">{count(entries)}</b>, about{' '}
        <b data-testid="pin-estimate-bytes">{formatBytes(bytes)}</b> on this computer.
      </Text>
      {entries < matched && (
        <Text size="sm" c="orange.9" data-testid="pin-estimate-cut">
          {count(matched - entries)} entries are left out by the limit; raise it to keep them all.
        </Text>
      )}
    </Stack>
  )
}

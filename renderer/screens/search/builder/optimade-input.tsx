import { Alert, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { newId, rootCriterion, setRootCriterion, type BuilderModel } from '../model'

/**
 * An OPTIMADE filter, sent as query.optimade_filter so the server parses it. `serverError` is
 * the server's own message when it refused the filter (from the live count).
 */
export function OptimadeInput({
  model,
  onChange,
  serverError,
}: {
  model: BuilderModel
  onChange: (model: BuilderModel) => void
  serverError: string | undefined
}) {
  const current = rootCriterion(model, 'optimade')
  const [text, setText] = useState(current?.filter ?? '')
  // Follow the model when the filter changes elsewhere (JSON view, a removed chip).
  const [synced, setSynced] = useState(current?.filter ?? '')
  if (synced !== (current?.filter ?? '')) {
    setSynced(current?.filter ?? '')
    setText(current?.filter ?? '')
  }
  return (
    <Stack gap={6}>
      <TextInput
        size="xs"
        ff="monospace"
        placeholder='nelements >= 2 AND elements HAS ALL "Ti", "O"'
        value={text}
        onChange={(e) => {
          const filter = e.currentTarget.value
          setText(filter)
          setSynced(filter.trim() === '' ? '' : filter)
          onChange(
            setRootCriterion(
              model,
              'optimade',
              undefined,
              filter.trim() === ''
                ? null
                : { kind: 'optimade', id: current?.id ?? newId('c'), filter },
            ),
          )
        }}
        error={serverError !== undefined}
        aria-label="OPTIMADE filter"
        data-testid="optimade-input"
      />
      {serverError !== undefined ? (
        <Alert color="red" variant="light" p="xs" data-testid="optimade-error">
          <Text size="xs">{serverError}</Text>
        </Alert>
      ) : (
        <Text size="xs" c="dimmed">
          Combined with AND with everything else. Properties: elements (HAS, HAS ALL / ANY / ONLY),
          nelements, chemical_formula_reduced / _hill / _anonymous; NOT, AND, OR.
        </Text>
      )}
    </Stack>
  )
}

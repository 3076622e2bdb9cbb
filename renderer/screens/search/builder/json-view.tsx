import { Alert, Group, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { QuantityCatalogue } from '../../../../shared/query'
import { JsonEditor } from '../../../components/json-editor/json-editor'
import { fromQuery, toQuery, unitHints, type BuilderModel } from '../model'
import { checkQueryText, type JsonProblem } from '../model/json-check'
import { prettyJson } from '../model/pretty-json'

const format = (model: BuilderModel) => prettyJson(toQuery(model))

/**
 * The query as JSON, both ways: builder changes show up here, and valid edits here rebuild the
 * builder (what it cannot show becomes a raw row). Invalid text is never applied; the error
 * names the line, or the field and the server's rule.
 */
export function JsonView({
  model,
  onChange,
  catalogue,
}: {
  model: BuilderModel
  onChange: (model: BuilderModel) => void
  catalogue: QuantityCatalogue
}) {
  const current = useMemo(() => format(model), [model])
  const [text, setText] = useState(current)
  const [problem, setProblem] = useState<JsonProblem | null>(null)
  const applied = useRef(current)

  // A change made elsewhere (a click in the builder) replaces the text; our own does not.
  useEffect(() => {
    if (current === applied.current) return
    applied.current = current
    setText(current)
    setProblem(null)
  }, [current])

  const edit = (next: string) => {
    setText(next)
    const checked = checkQueryText(next, catalogue)
    if (!checked.ok) {
      setProblem(checked.problem)
      return
    }
    setProblem(null)
    const rebuilt = fromQuery(checked.query, catalogue, { unitHints: unitHints(model) })
    applied.current = format(rebuilt)
    onChange(rebuilt)
  }

  return (
    <Stack gap={6}>
      <JsonEditor
        value={text}
        onChange={edit}
        // Leaving the field shows the query as the builder writes it.
        onBlur={() => problem === null && setText(current)}
        aria-label="Query as JSON"
        testId="json-editor"
        {...(problem?.line === undefined ? {} : { errorLine: problem.line })}
      />
      {problem ? (
        <Alert
          color="red"
          variant="light"
          p="xs"
          icon={<IconAlertTriangle size={16} />}
          data-testid="json-error"
        >
          <Text size="xs">{problem.message}</Text>
          <Text size="xs" c="dimmed">
            The builder keeps the last valid query until this is fixed.
          </Text>
        </Alert>
      ) : (
        <Group gap={4}>
          <IconCheck size={14} color="var(--mantine-color-green-6)" />
          <Text size="xs" c="dimmed" data-testid="json-valid">
            Valid; the builder follows your edits. Pasting a query from NOMAD or a script works too.
          </Text>
        </Group>
      )}
    </Stack>
  )
}

import { Code, Group, Radio, Stack, Text, Textarea } from '@mantine/core'
import { DeferredSelect } from '../../components/deferred-select'
import { IconAlertTriangle } from '@tabler/icons-react'
import classes from './downloads.module.css'
import { PathField, type FolderPicker } from './path-field'
import type { PlanForm } from './plan-spec'

/** What a field shows under it: its error (blocks Start) and its warnings (do not). */
export interface FieldNotes {
  error?: string
  warnings: string[]
}

const NO_NOTES: FieldNotes = { warnings: [] }

/** Warnings in words under a field, with an icon so colour is not the only sign. */
export function Warnings({ notes, testId }: { notes: FieldNotes; testId: string }) {
  if (notes.warnings.length === 0) return null
  return (
    <Stack gap={2} data-testid={testId}>
      {notes.warnings.map((warning) => (
        <Group key={warning} gap={4} wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={14} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="xs" className={classes.warning}>
            {warning}
          </Text>
        </Group>
      ))}
    </Stack>
  )
}

export function DestinationField({
  value,
  onChange,
  notes = NO_NOTES,
  picker,
}: {
  value: string
  onChange: (value: string) => void
  notes?: FieldNotes
  picker: FolderPicker
}) {
  return (
    <Stack gap={4}>
      <PathField
        picker={picker}
        pickTitle="Download into"
        pickTestId="plan-pick-folder"
        label="Destination folder"
        description={
          picker.canPick
            ? 'Files go to <folder>/<upload id>/<path in the upload>. Choose a folder or type its path.'
            : 'Files go to <folder>/<upload id>/<path in the upload>. Type the absolute path of a folder on the computer running the app; it is created if its parent exists.'
        }
        placeholder={picker.canPick ? 'No folder chosen' : '/home/me/nomad-data'}
        value={value}
        onValue={onChange}
        error={notes.error}
        data-testid="plan-destination"
      />
      <Warnings notes={notes} testId="plan-destination-warnings" />
    </Stack>
  )
}

const GLOB_HELP = (
  <>
    One picomatch pattern per line, on <Code>upload id/path</Code>: <Code>**/*.cif</Code> every CIF
    file, <Code>**/{'{OUTCAR,CONTCAR}'}</Code> either name, <Code>*/data/**</Code> all below a
    top-level data folder.
  </>
)

export function GlobField({
  kind,
  value,
  onChange,
  notes = NO_NOTES,
}: {
  kind: 'include' | 'exclude'
  value: string
  onChange: (value: string) => void
  notes?: FieldNotes
}) {
  return (
    <Stack gap={4}>
      <Textarea
        label={kind === 'include' ? 'Only files matching' : 'Leave out files matching'}
        description={
          kind === 'include' ? (
            <>Empty: every file. {GLOB_HELP}</>
          ) : (
            'Empty: leave nothing out. Same syntax; a file matching both lists is left out.'
          )
        }
        placeholder={kind === 'include' ? '**/*.cif' : '**/*.tmp'}
        autosize
        minRows={1}
        maxRows={5}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={notes.error}
        spellCheck={false}
        data-testid={`plan-${kind}`}
      />
      <Warnings notes={notes} testId={`plan-${kind}-warnings`} />
    </Stack>
  )
}

const POLICIES: { value: PlanForm['existing']; label: string; sentence: string }[] = [
  {
    value: 'skip-identical',
    label: 'Skip when identical',
    sentence:
      'A file already there with the same size and checksum is kept; a different one is replaced.',
  },
  {
    value: 'overwrite',
    label: 'Overwrite',
    sentence: 'Every file is fetched again and replaces what is there.',
  },
  {
    value: 'keep-both',
    label: 'Keep both',
    sentence: 'A file already there stays; the new one gets a numbered name beside it.',
  },
]

export function ExistingPolicyField({
  value,
  onChange,
}: {
  value: PlanForm['existing']
  onChange: (value: PlanForm['existing']) => void
}) {
  return (
    <Radio.Group
      label="Files already in the folder"
      value={value}
      onChange={(next) => onChange(next as PlanForm['existing'])}
      data-testid="plan-existing"
    >
      <Stack gap={6} mt={6}>
        {POLICIES.map((policy) => (
          <Radio
            key={policy.value}
            value={policy.value}
            label={policy.label}
            description={policy.sentence}
          />
        ))}
      </Stack>
    </Radio.Group>
  )
}

export const PRIORITIES: { value: PlanForm['priority']; label: string }[] = [
  { value: 'high', label: 'High — before other jobs' },
  { value: 'normal', label: 'Normal' },
  { value: 'low', label: 'Low — after other jobs' },
]

export function PriorityField({
  value,
  onChange,
}: {
  value: PlanForm['priority']
  onChange: (value: PlanForm['priority']) => void
}) {
  return (
    <DeferredSelect
      label="Priority"
      description="Jobs share the server's limits; higher-priority jobs get their requests first."
      data={PRIORITIES}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && onChange(next as PlanForm['priority'])}
      data-testid="plan-priority"
    />
  )
}

export function ArchiveFields({
  required,
  format,
  onRequired,
  onFormat,
  requiredError,
}: {
  required: string
  format: PlanForm['format']
  onRequired: (value: string) => void
  onFormat: (value: PlanForm['format']) => void
  requiredError?: string
}) {
  return (
    <Stack gap="sm">
      <Textarea
        label="Archive sections (required)"
        description='A NOMAD "required" object: which parts of each archive to fetch, "*" for all of a section.'
        autosize
        minRows={3}
        maxRows={8}
        value={required}
        onChange={(event) => onRequired(event.currentTarget.value)}
        error={requiredError}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="plan-required"
      />
      <Radio.Group
        label="File layout"
        value={format}
        onChange={(next) => onFormat(next as PlanForm['format'])}
      >
        <Group gap="lg" mt={6}>
          <Radio value="json-per-entry" label="One JSON file per entry" />
          <Radio value="jsonl" label="One JSON Lines file for the job" />
        </Group>
      </Radio.Group>
    </Stack>
  )
}

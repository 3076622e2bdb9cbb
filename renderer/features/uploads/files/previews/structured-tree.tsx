import { Badge, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import classes from './previews.module.css'

/** Items shown per open list or object before "show more": a 100 000-item list stays quick. */
const STEP = 200

function summary(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length} item${value.length === 1 ? '' : 's'}]`
  if (value && typeof value === 'object') {
    const n = Object.keys(value).length
    return `{${n} key${n === 1 ? '' : 's'}}`
  }
  return JSON.stringify(value) ?? String(value)
}

function Node({ name, value, depth }: { name: string; value: unknown; depth: number }) {
  const container = value !== null && typeof value === 'object'
  const [open, setOpen] = useState(depth < 2)
  const [limit, setLimit] = useState(STEP)
  if (!container)
    return (
      <Group gap={6} wrap="nowrap" align="flex-start" pl={depth * 14} role="treeitem">
        <span className={classes.treeKey}>{name}:</span>
        <span className={classes.treeValue}>{summary(value)}</span>
      </Group>
    )
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [String(i), item])
    : Object.entries(value)
  return (
    <div role="treeitem" aria-expanded={open}>
      <button
        type="button"
        className={classes.treeToggle}
        style={{ marginLeft: depth * 14 }}
        onClick={() => setOpen(!open)}
        aria-label={`${open ? 'Collapse' : 'Expand'} ${name}`}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'} </span>
        <span className={classes.treeKey}>{name}</span>{' '}
        <Text span size="xs" c="dimmed">
          {summary(value)}
        </Text>
      </button>
      {open && (
        <div role="group">
          {entries.slice(0, limit).map(([key, child]) => (
            <Node key={key} name={key} value={child} depth={depth + 1} />
          ))}
          {entries.length > limit && (
            <button
              type="button"
              className={classes.treeToggle}
              style={{ marginLeft: (depth + 1) * 14 }}
              onClick={() => setLimit(limit + STEP)}
            >
              Show {Math.min(STEP, entries.length - limit)} more of {entries.length - limit}
            </button>
          )}
        </div>
      )}
    </div>
  )
}

/** A parsed JSON or YAML document as a tree whose objects and lists open and close. */
export function StructuredTree({ value, format }: { value: unknown; format: 'JSON' | 'YAML' }) {
  return (
    <Stack gap={2} role="tree" aria-label={`${format} document`} data-testid="preview-tree">
      <Badge size="xs" variant="light" w="fit-content">
        {format} tree
      </Badge>
      <Node name="(root)" value={value} depth={0} />
    </Stack>
  )
}

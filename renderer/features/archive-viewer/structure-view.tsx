import { Group, NumberInput, Stack, Text, useComputedColorScheme } from '@mantine/core'
import { useEffect, useMemo, useRef, useState } from 'react'
import { cellEdges, supercell, toXyz, type Structure } from './structure-data'

/**
 * A structure in 3D with 3Dmol.js (WebGL; reads XYZ, colours elements by the Jmol scheme,
 * rotates and zooms with the mouse; small next to NGL and needs no scene code of ours as
 * three.js would). Imported when the first structure is shown: its own chunk.
 */
export function StructureView({ structure }: { structure: Structure }) {
  const host = useRef<HTMLDivElement>(null)
  const [repeat, setRepeat] = useState(1)
  const [failure, setFailure] = useState<string | null>(null)
  const dark = useComputedColorScheme('light') === 'dark'
  const shown = useMemo(() => supercell(structure, [repeat, repeat, repeat]), [structure, repeat])

  useEffect(() => {
    const element = host.current
    if (!element) return
    let cancelled = false
    let clear: (() => void) | undefined
    import('3dmol')
      .then((mol) => {
        if (cancelled) return
        const viewer = mol.createViewer(element, { backgroundColor: dark ? '#1a1b1e' : 'white' })
        viewer.addModel(toXyz(shown), 'xyz')
        viewer.setStyle(
          {},
          {
            sphere: { scale: 0.3, colorscheme: 'Jmol' },
            stick: { radius: 0.12, colorscheme: 'Jmol' },
          },
        )
        for (const [start, end] of shown.cell ? cellEdges(shown.cell) : [])
          viewer.addCylinder({
            start: { x: start[0], y: start[1], z: start[2] },
            end: { x: end[0], y: end[1], z: end[2] },
            radius: 0.04,
            color: dark ? '#adb5bd' : '#495057',
            fromCap: 1,
            toCap: 1,
          })
        viewer.zoomTo()
        viewer.render()
        clear = () => viewer.clear()
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(error instanceof Error ? error.message : String(error))
      })
    return () => {
      cancelled = true
      clear?.()
      element.replaceChildren()
    }
  }, [shown, dark])

  const periodic = structure.periodic.some(Boolean) && structure.cell !== undefined
  return (
    <Stack gap={4} data-testid="archive-structure">
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {shown.labels.length.toLocaleString('en-US')} atoms
          {structure.cell ? ' · unit cell drawn' : ''} · drag to rotate, scroll to zoom
        </Text>
        {periodic && (
          <NumberInput
            size="xs"
            w={130}
            min={1}
            max={4}
            value={repeat}
            onChange={(value) => setRepeat(typeof value === 'number' ? value : 1)}
            label="Supercell repeat"
            data-testid="archive-supercell"
          />
        )}
      </Group>
      <div
        ref={host}
        role="img"
        aria-label={`3D view of ${shown.labels.length} atoms`}
        style={{ position: 'relative', height: 280, width: '100%' }}
        data-testid="archive-structure-canvas"
      />
      {failure && (
        <Text size="xs" c="red">
          The 3D view could not be drawn: {failure}
        </Text>
      )}
    </Stack>
  )
}

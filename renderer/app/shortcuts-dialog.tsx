import { Kbd, Modal, Stack, Table, Text, Title } from '@mantine/core'
import { useDisclosure, useHotkeys } from '@mantine/hooks'
import { Fragment } from 'react'
import { SHORTCUTS } from './shortcuts'
import { MountWhenOpened } from '../components/on-demand/mount-when-opened'

/**
 * The keyboard shortcuts, listed on `?` (Shift+/ on most layouts). Not while typing: a `?` in a
 * search field is a question mark (useHotkeys ignores inputs, text areas and editables).
 */
export function ShortcutsDialog() {
  const [opened, { open, close }] = useDisclosure(false)
  useHotkeys([
    ['shift+/', open],
    ['shift+?', open],
  ])
  return (
    <MountWhenOpened opened={opened}>
      {(opened) => (
        <Modal
          opened={opened}
          onClose={close}
          title="Keyboard shortcuts"
          size="lg"
          data-testid="shortcuts-dialog"
        >
          <Stack gap="md">
            {SHORTCUTS.map((group) => (
              <Fragment key={group.where}>
                <Title order={3} size="h5">
                  {group.where}
                </Title>
                <Table verticalSpacing={4} withRowBorders={false}>
                  <Table.Tbody>
                    {group.shortcuts.map((shortcut) => (
                      <Table.Tr key={shortcut.what}>
                        <Table.Td w={220}>
                          {shortcut.keys.map((key, i) =>
                            key === '…' ? (
                              <Text key={i} span size="sm" mx={4}>
                                …
                              </Text>
                            ) : (
                              <Kbd key={i} mr={4}>
                                {key}
                              </Kbd>
                            ),
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{shortcut.what}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Fragment>
            ))}
          </Stack>
        </Modal>
      )}
    </MountWhenOpened>
  )
}

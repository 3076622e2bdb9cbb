import { Group, Modal, Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import { useReturnFocus } from '../return-focus'
import { TruncatedText } from '../truncated-text'
import classes from './viewer-modal.module.css'

/**
 * The large modal the entry viewers (archive, upload files) open in: an icon and a title that
 * truncates with a tooltip however long the entry or upload name is.
 */
export function ViewerModal({
  icon,
  title,
  titleTestId,
  testId,
  onClose,
  children,
}: {
  icon: ReactNode
  title: string
  titleTestId: string
  testId: string
  onClose: () => void
  children: ReactNode
}) {
  // Mounted open and unmounted to close.
  useReturnFocus()
  return (
    <Modal
      opened
      onClose={onClose}
      size="min(1240px, calc(100vw - 48px))"
      title={
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {icon}
          <TruncatedText fw={650} data-testid={titleTestId}>
            {title}
          </TruncatedText>
        </Group>
      }
      styles={{ title: { minWidth: 0, flex: 1 } }}
      data-testid={testId}
    >
      {children}
    </Modal>
  )
}

/**
 * The same viewer as a page (a #/archive or #/uploads link): icon and title on top of the
 * content, in the window instead of over it.
 */
export function ViewerPage({
  icon,
  title,
  titleTestId,
  testId,
  children,
}: {
  icon: ReactNode
  title: string
  titleTestId: string
  testId: string
  children: ReactNode
}) {
  return (
    <Stack gap="md" data-testid={testId} data-viewer="page">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        {icon}
        <TruncatedText fw={650} size="lg" data-testid={titleTestId}>
          {title}
        </TruncatedText>
      </Group>
      {children}
    </Stack>
  )
}

/** A modal when the viewer can be closed (opened from a drawer), else a page (opened by a link). */
export function ViewerFrame({
  onClose,
  ...props
}: {
  icon: ReactNode
  title: string
  titleTestId: string
  testId: string
  onClose: (() => void) | undefined
  children: ReactNode
}) {
  return onClose ? <ViewerModal {...props} onClose={onClose} /> : <ViewerPage {...props} />
}

/** One bordered, scroll-contained pane of a viewer's two-column layout. */
export function ViewerPane({ children }: { children: ReactNode }) {
  return <div className={classes.pane}>{children}</div>
}

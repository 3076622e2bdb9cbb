import { Group, Modal } from '@mantine/core'
import type { ReactNode } from 'react'
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

/** One bordered, scroll-contained pane of a viewer's two-column layout. */
export function ViewerPane({ children }: { children: ReactNode }) {
  return <div className={classes.pane}>{children}</div>
}

import { Divider, NavLink, Stack, Text } from '@mantine/core'
import classes from './nav-bar.module.css'
import { SECTIONS, type SectionId } from './sections'

const modKey = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform) ? '⌘' : 'Ctrl+'

/**
 * Left navigation; Servers sits apart at the bottom because it configures the others. In a
 * small or zoomed window it shows only the icons (nav-bar.module.css).
 */
export function NavBar({
  active,
  navigate,
}: {
  active: SectionId
  navigate: (id: SectionId) => void
}) {
  const item = (index: number) => {
    const section = SECTIONS[index]
    if (!section) return null
    const SectionIcon = section.icon
    return (
      <NavLink
        key={section.id}
        href={`#/${section.id}`}
        label={section.label}
        description={undefined}
        title={`${section.hint} (${modKey}${index + 1})`}
        leftSection={<SectionIcon size={18} stroke={1.6} />}
        active={active === section.id}
        onClick={(event) => {
          event.preventDefault()
          navigate(section.id)
        }}
        data-testid={`nav-${section.id}`}
        aria-current={active === section.id ? 'page' : undefined}
        classNames={{ root: classes.link, body: classes.label, section: classes.icon }}
        styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
      />
    )
  }
  const last = SECTIONS.length - 1
  return (
    <Stack h="100%" gap={0} p="sm" justify="space-between" component="nav" aria-label="Sections">
      {/* Scrolls in a short window, without a bar (a plain box: Mantine's ScrollArea kept five
          ResizeObservers for a bar it never showed, one forcing a layout after the first screen). */}
      <div className={classes.sections}>
        <Stack gap={2}>
          <Text
            size="xs"
            fw={600}
            c="dimmed"
            tt="uppercase"
            px="sm"
            pb={6}
            className={classes.heading}
          >
            Research data
          </Text>
          {SECTIONS.slice(0, last).map((_, index) => item(index))}
        </Stack>
      </div>
      <Stack gap={2}>
        <Divider mb="xs" />
        {item(last)}
      </Stack>
    </Stack>
  )
}

import { Badge } from '@mantine/core'
import { LazyTooltip } from '../../components/lazy-tooltip'

/**
 * Said when the server gave no usable list of searchable quantities: the builder offers NOMAD's
 * standard filters instead. The badge names the consequence in plain words; hovering says why
 * (`note`, from the catalogue) and what it means for the researcher.
 */
export function CatalogueFallbackBadge({ note }: { note: string | undefined }) {
  const label = `${note === undefined ? '' : `${note} `}The filters are NOMAD's standard ones; a few may not exist on this server.`
  return (
    <LazyTooltip label={label} multiline w={360}>
      <Badge variant="light" color="gray" size="sm" data-testid="catalogue-fallback">
        Standard filters
      </Badge>
    </LazyTooltip>
  )
}

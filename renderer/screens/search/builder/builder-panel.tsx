import { Accordion, Badge, Group, Stack, Text } from '@mantine/core'
import { memo, useCallback, useState, type ReactNode } from 'react'
import type { Owner } from '../../../../shared/api'
import type { QuantityCatalogue } from '../../../../shared/query'
import { countRender } from '../../../components/render-count'
import { allCriteria, rootCriterion, type BuilderModel } from '../model'
import { AdvancedSection, advancedNodes } from './advanced-section'
import { AuthorInput } from './author-input'
import { DateRangeInput } from './date-range-input'
import { ElementsSection } from './elements-section'
import { JsonView } from './json-view'
import { OptimadeInput } from './optimade-input'
import { RangeInput } from './range-input'
import { DATES, Q, RANGES_BY_SECTION, TERMS_BY_SECTION } from './sections'
import { TermsInput } from './terms-input'
import type { FacetCounts } from './use-facets'

export interface BuilderPanelProps {
  serverId: string
  owner: Owner
  model: BuilderModel
  onChange: (model: BuilderModel) => void
  catalogue: QuantityCatalogue
  counts: FacetCounts | undefined
  optimadeError: string | undefined
}

const DEFAULT_OPEN = ['elements', 'method', 'properties']

/**
 * The sections opened so far. A closed section's content is not rendered until it is first
 * opened (then it stays, so its fields keep their state): Mantine's Collapse keeps closed panels
 * mounted, and the five closed by default were a large part of the first screen's render.
 */
function useOpenedSections() {
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(DEFAULT_OPEN))
  const onOpen = useCallback(
    (values: string[]) =>
      setOpened((seen) =>
        values.every((v) => seen.has(v)) ? seen : new Set([...seen, ...values]),
      ),
    [],
  )
  return { opened, onOpen }
}

/**
 * The visual query builder: collapsible sections, each editing part of one model. Memoised: a
 * submit or a page of results changes nothing it shows, and it is most of the screen's DOM.
 */
export const BuilderPanel = memo(function BuilderPanel(props: BuilderPanelProps) {
  countRender('search-builder')
  const { model, onChange, catalogue, counts } = props
  const { opened, onOpen } = useOpenedSections()
  const active = (quantities: readonly string[]) =>
    allCriteria(model).filter((c) => 'quantity' in c && quantities.includes(c.quantity)).length
  const badge = (n: number) =>
    n > 0 ? (
      <Badge size="xs" variant="filled" circle>
        {n}
      </Badge>
    ) : null
  const terms = (quantity: string) => (
    <TermsInput
      key={quantity}
      quantity={quantity}
      model={model}
      onChange={onChange}
      catalogue={catalogue}
      counts={counts?.[quantity]}
    />
  )
  const range = (quantity: string) => (
    <RangeInput
      key={quantity}
      quantity={quantity}
      model={model}
      onChange={onChange}
      catalogue={catalogue}
    />
  )
  const section = (value: string, title: string, count: number, children: ReactNode) => (
    <Accordion.Item value={value} data-testid={`section-${value}`}>
      <Accordion.Control>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} component="span">
            {title}
          </Text>
          {badge(count)}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>{opened.has(value) && <Stack gap="sm">{children}</Stack>}</Accordion.Panel>
    </Accordion.Item>
  )
  const elements = rootCriterion(model, 'elements')
  return (
    <Accordion
      multiple
      defaultValue={DEFAULT_OPEN}
      onChange={onOpen}
      variant="default"
      chevronPosition="left"
      data-testid="builder"
    >
      {section(
        'elements',
        'Elements',
        (elements?.include.length ?? 0) + (elements?.exclude.length ?? 0),
        <ElementsSection
          model={model}
          onChange={onChange}
          counts={counts?.['results.material.elements']}
        />,
      )}
      {section(
        'material',
        'Material',
        active([...TERMS_BY_SECTION.material, ...RANGES_BY_SECTION.material]),
        [...TERMS_BY_SECTION.material.map(terms), ...RANGES_BY_SECTION.material.map(range)],
      )}
      {section(
        'method',
        'Method',
        active(TERMS_BY_SECTION.method),
        TERMS_BY_SECTION.method.map(terms),
      )}
      {section(
        'properties',
        'Properties',
        active([...RANGES_BY_SECTION.properties, ...TERMS_BY_SECTION.properties]),
        [...RANGES_BY_SECTION.properties.map(range), ...TERMS_BY_SECTION.properties.map(terms)],
      )}
      {section('authors', 'Author & dates', active([Q.authors, ...DATES]), [
        <AuthorInput
          key="authors"
          serverId={props.serverId}
          owner={props.owner}
          model={model}
          onChange={onChange}
        />,
        ...DATES.map((quantity) => (
          <DateRangeInput
            key={quantity}
            quantity={quantity}
            model={model}
            onChange={onChange}
            catalogue={catalogue}
          />
        )),
      ])}
      {section(
        'advanced',
        'Advanced: any quantity, groups',
        advancedNodes(model).length,
        <AdvancedSection model={model} onChange={onChange} catalogue={catalogue} />,
      )}
      {section(
        'json',
        'JSON',
        0,
        <JsonView model={model} onChange={onChange} catalogue={catalogue} />,
      )}
      {section(
        'optimade',
        'OPTIMADE filter',
        rootCriterion(model, 'optimade') ? 1 : 0,
        <OptimadeInput model={model} onChange={onChange} serverError={props.optimadeError} />,
      )}
    </Accordion>
  )
})

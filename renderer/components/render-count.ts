/**
 * Renders of named components, so tests can check what a change re-renders (a page of results
 * must not render the query builder again). A component calls `countRender` first thing in its
 * body; a memoised one that React skips is not counted. A map increment: free in production.
 */
const renders = new Map<string, number>()

export function countRender(id: string): void {
  renders.set(id, (renders.get(id) ?? 0) + 1)
}

/** How many times the component named `id` rendered since the page (or test run) began. */
export const renderCount = (id: string): number => renders.get(id) ?? 0

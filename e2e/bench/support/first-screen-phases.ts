import { reportFromPage } from './page-reports'

/**
 * For the first-screen probe: in-page marks of the start-up's phases (performance.mark, so they
 * also show in a Chromium trace).
 */
// In-page code as text (see first-screen.ts): the WebSocket's open and first answer, the
// shell, the Search button, and the frame after it.
export const MARK_PHASES = `(() => {
  const marks = (window.__phases = {})
  const Native = window.WebSocket
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args)
      marks.wsNew ??= performance.now()
      performance.mark('probe:ws-new')
      this.addEventListener('open', () => { marks.wsOpen ??= performance.now(); performance.mark('probe:ws-open') })
      this.addEventListener('message', () => { if (marks.wsFirstMessage === undefined) { marks.wsFirstMessage = performance.now(); performance.mark('probe:ws-first-message') } })
    }
  }
  const observer = new MutationObserver(() => {
    if (marks.builder === undefined && document.querySelector('[data-testid="periodic-table"]'))
      (marks.builder = performance.now()), performance.mark('probe:builder')
    if (marks.root === undefined && document.querySelector('#root > *'))
      (marks.root = performance.now()), performance.mark('probe:root')
    if (marks.shell === undefined && document.querySelector('[data-app-state="ready"]'))
      (marks.shell = performance.now()), performance.mark('probe:shell')
    if (marks.submit === undefined && document.querySelector('[data-testid="search-submit"]')) {
      marks.submit = performance.now()
      performance.mark('probe:submit')
      // The frame after: style, layout and paint of what the first screen put in the DOM.
      requestAnimationFrame(() => setTimeout(() => { marks.painted = performance.now(); performance.mark('probe:painted'); ${reportFromPage('painted', 'marks.painted')} }))
      marks.nodes = document.getElementsByTagName('*').length
    }
  })
  observer.observe(document, { subtree: true, childList: true, attributes: true })
})()`

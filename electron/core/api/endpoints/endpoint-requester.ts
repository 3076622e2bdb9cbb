import type { EndpointKind } from '../answer-limits'
import type { ApiRequester } from '../api-requester'

export type { EndpointKind } from '../answer-limits'

/** The requester as a group of JSON endpoints sees it. */
export interface JsonRequester extends Pick<ApiRequester, 'requestJson' | 'requestEmpty'> {
  readonly kind: EndpointKind
}

/** The requester of a group whose endpoints also answer with files (streamed to a consumer). */
export interface StreamingRequester extends JsonRequester, Pick<ApiRequester, 'stream'> {}

/**
 * The one requester of a client, seen by a group of the given kind. Each group states its kind
 * once, in its constructor; every JSON request of the group passes here and gets the largest
 * answer and the deadline of that kind (answer-limits.ts), so no method or call site names it.
 */
export function requesterFor(requester: ApiRequester, kind: EndpointKind): StreamingRequester {
  return {
    kind,
    requestJson: (method, path, options) =>
      requester.requestJson(method, path, { ...options, kind }),
    requestEmpty: (method, path, options) =>
      requester.requestEmpty(method, path, { ...options, kind }),
    stream: (method, path, options, consume) => requester.stream(method, path, options, consume),
  }
}

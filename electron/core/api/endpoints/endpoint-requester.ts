import type { ApiRequester } from '../api-requester'

/**
 * How large the JSON answers of a group's endpoints can be: metadata (pages of entries, uploads,
 * tokens, folder listings) or archives (whole entry archives, megabytes each). Each group states
 * its kind once, in its constructor; per-kind answer limits of the requester hook in here (in
 * `requesterFor`), so none of a group's methods or call sites changes when they arrive.
 */
export type EndpointKind = 'metadata' | 'archive'

/** The requester as a group of JSON endpoints sees it. */
export interface JsonRequester extends Pick<ApiRequester, 'requestJson' | 'requestEmpty'> {
  readonly kind: EndpointKind
}

/** The requester of a group whose endpoints also answer with files (streamed to a consumer). */
export interface StreamingRequester extends JsonRequester, Pick<ApiRequester, 'stream'> {}

/**
 * The one requester of a client, seen by a group of the given kind. Every request of a group
 * passes here; the kind is not sent anywhere yet.
 */
export function requesterFor(requester: ApiRequester, kind: EndpointKind): StreamingRequester {
  return {
    kind,
    requestJson: (method, path, options) => requester.requestJson(method, path, options),
    requestEmpty: (method, path, options) => requester.requestEmpty(method, path, options),
    stream: (method, path, options, consume) => requester.stream(method, path, options, consume),
  }
}

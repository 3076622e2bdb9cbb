import { GROUP_ALL } from '../data/groups'
import type { UploadRecord } from '../data/model'
import { unauthorized } from '../http-error'
import type { SandboxStateApi, SandboxUser } from '../state/types'

/**
 * Who may see what (facts §2.1, search.py _owner_es_query and uploads.py
 * get_upload_with_read_access). Decided per upload: every entry of an upload shares its
 * publication state and members.
 */

export const OWNERS = ['public', 'visible', 'all', 'shared', 'user', 'staging', 'admin'] as const
export type Owner = (typeof OWNERS)[number]

export interface Viewer {
  user: SandboxUser | null
  /** The user's groups plus the pseudo-group `all` (anonymous callers have only `all`). */
  groups: ReadonlySet<string>
}

export function viewerOf(user: SandboxUser | null, state: SandboxStateApi): Viewer {
  const groups = new Set([GROUP_ALL, ...(user ? state.groupIdsOf(user.user_id) : [])])
  return { user, groups }
}

export const OWNER_ALL_NOT_ALLOWED =
  'The owner=all is not allowed for this operation as it will search for entries\nthat you might now be allowed to access.'

/** The 401s of owners that need a login (texts as the real server, including its typo). */
export function checkOwner(owner: Owner, viewer: Viewer): void {
  if (owner === 'admin' && !viewer.user?.is_admin) {
    throw unauthorized('This can only be used by the admin user.')
  }
  if (viewer.user) return
  if (owner === 'shared') throw unauthorized('Authentication required for owner value shared.')
  if (owner === 'user' || owner === 'staging') {
    throw unauthorized('Authentication required for owner value user.')
  }
}

export function isPublic(upload: UploadRecord): boolean {
  return upload.published && !upload.with_embargo && upload.deleted !== true
}

/** main author, coauthors, reviewers, or a member of a coauthor/reviewer group. */
export function isViewer(upload: UploadRecord, viewer: Viewer): boolean {
  const id = viewer.user?.user_id
  if (id !== undefined) {
    if (
      upload.main_author === id ||
      upload.coauthors.includes(id) ||
      upload.reviewers.includes(id)
    ) {
      return true
    }
  }
  return (
    upload.coauthor_groups.some((g) => viewer.groups.has(g)) ||
    upload.reviewer_groups.some((g) => viewer.groups.has(g))
  )
}

/** main author or coauthor (or a coauthor group member): may edit. */
export function isWriter(upload: UploadRecord, viewer: Viewer): boolean {
  const id = viewer.user?.user_id
  if (id !== undefined && (upload.main_author === id || upload.coauthors.includes(id))) return true
  return upload.coauthor_groups.some((g) => g !== GROUP_ALL && viewer.groups.has(g))
}

/** The owner filter of entry searches, per upload. */
export function ownerFilter(owner: Owner, viewer: Viewer): (upload: UploadRecord) => boolean {
  const allowed = ownerRule(owner, viewer)
  // A deleted upload's entries are gone for everyone, administrators included.
  return (upload) => upload.deleted !== true && allowed(upload)
}

function ownerRule(owner: Owner, viewer: Viewer): (upload: UploadRecord) => boolean {
  const id = viewer.user?.user_id
  switch (owner) {
    case 'public':
      return isPublic
    case 'visible':
      return (u) => isPublic(u) || isViewer(u, viewer)
    case 'all':
      return (u) => u.published || isViewer(u, viewer)
    case 'shared':
      return (u) => isViewer(u, viewer)
    case 'user':
      return (u) => u.main_author === id
    case 'staging':
      return (u) => !u.published && isViewer(u, viewer)
    case 'admin':
      return () => true
  }
}

/** Read access to one upload and its files (uploads router); the 401 texts differ by case. */
export function uploadReadDenial(upload: UploadRecord, viewer: Viewer): string | null {
  if (viewer.user?.is_admin || isViewer(upload, viewer) || isPublic(upload)) return null
  if (!viewer.user) {
    return upload.published
      ? 'You do not have access to the specified upload - published with embargo.'
      : 'You need to log in to access the specified upload.'
  }
  return upload.published
    ? 'You do not have access to the specified upload - published with embargo.'
    : 'You do not have access to the specified upload.'
}

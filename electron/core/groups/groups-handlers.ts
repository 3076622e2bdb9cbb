import type { groupsChannels } from '../../../shared/ipc/channels/groups'
import type { HandlersFor } from '../ipc/router'
import type { CoreServices } from '../services'
import { createCollaboratorsService } from './collaborators-service'
import { createGroupsService } from './groups-service'

/**
 * User groups, the user search and the collaborators of an upload
 * (shared/ipc/channels/groups.ts). Every call is interactive: someone is looking at the answer.
 */
export function createGroupsHandlers(services: CoreServices): HandlersFor<typeof groupsChannels> {
  const groups = createGroupsService(services.api)
  const collaborators = createCollaboratorsService(services.api)
  return {
    'groups.list': (input, { signal }) => groups.list(input, signal),
    'groups.get': (input, { signal }) => groups.get(input, signal),
    'groups.save': (input, { signal }) => groups.save(input, signal),
    'groups.remove': (input, { signal }) => groups.remove(input, signal),
    'users.search': (input, { signal }) => groups.searchUsers(input, signal),
    'collaborators.get': (input, { signal }) => collaborators.get(input, signal),
    'collaborators.change': (input, { signal }) => collaborators.change(input, signal),
  }
}

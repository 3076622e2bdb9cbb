/**
 * The real server's group name rules (nomad-api-facts §6, nomad/groups.py): 3–32 characters,
 * letters, digits, spaces, '.', '_' and '-', starting and ending with a letter or digit. Checked
 * while the user types and again at the IPC boundary, so the server's 422 is rarely seen.
 */
export const GROUP_NAME_MIN = 3
export const GROUP_NAME_MAX = 32
export const GROUP_NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9 ._-]+[a-zA-Z0-9]$/

/** The rule as the create and rename forms show it. */
export const GROUP_NAME_RULE =
  '3–32 characters: letters, digits, spaces, “.”, “_” and “-”; it must start and end with a letter or digit.'

/** What is wrong with a name, in one sentence, or null when the server will accept it. */
export function groupNameProblem(name: string): string | null {
  if (name.length < GROUP_NAME_MIN)
    return `Too short: ${name.length} of at least ${GROUP_NAME_MIN} characters.`
  if (name.length > GROUP_NAME_MAX)
    return `Too long: ${name.length} of at most ${GROUP_NAME_MAX} characters.`
  const bad = [...new Set(name.replace(/[a-zA-Z0-9 ._-]/g, ''))]
  if (bad.length > 0)
    return `Not allowed: ${bad.map((c) => `“${c}”`).join(' ')}. Use letters, digits, spaces, “.”, “_” or “-”.`
  if (!GROUP_NAME_PATTERN.test(name)) return 'Start and end the name with a letter or digit.'
  return null
}

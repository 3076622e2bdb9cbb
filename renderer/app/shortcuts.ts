const isMac = typeof navigator !== 'undefined' && /Mac/.test(navigator.platform)
const mod = isMac ? '⌘' : 'Ctrl'

export interface Shortcut {
  keys: string[]
  what: string
}

export interface ShortcutGroup {
  where: string
  shortcuts: Shortcut[]
}

/**
 * Every keyboard shortcut the app has, for the help dialog (`?`). Each is implemented where it
 * acts (named in the comment); a new shortcut is added here too, or nobody finds it.
 */
export const SHORTCUTS: readonly ShortcutGroup[] = [
  {
    where: 'Anywhere',
    shortcuts: [
      // shell.tsx
      { keys: [`${mod}+1`, '…', `${mod}+7`], what: 'Open a section (in menu order)' },
      // routing/use-history-buttons.ts
      {
        keys: isMac ? ['⌘+[', '⌘+]'] : ['Alt+←', 'Alt+→'],
        what: 'Back and forward, as in a browser',
      },
      // shortcuts-dialog.tsx
      { keys: ['?'], what: 'Show these shortcuts' },
      { keys: ['Tab'], what: 'First press on a screen: “Skip to content”' },
      { keys: ['Esc'], what: 'Close the open drawer, dialog or viewer (focus returns)' },
    ],
  },
  {
    where: 'Search',
    shortcuts: [
      // screens/search/search-screen.tsx
      { keys: [`${mod}+Enter`], what: 'Run the search' },
      { keys: ['Enter'], what: 'Run the search from a filter field' },
      // components/periodic-table
      { keys: ['←', '→', '↑', '↓'], what: 'Periodic table: move between elements' },
      { keys: ['Home', 'End'], what: 'Periodic table: first or last element of the row' },
      { keys: ['Space', 'Enter'], what: 'Periodic table: require, exclude, clear the element' },
    ],
  },
  {
    where: 'Results table and file lists',
    shortcuts: [
      // components/virtual-table/use-row-keyboard.ts, features/uploads/files/file-list.tsx
      { keys: ['↑', '↓'], what: 'Move between rows' },
      { keys: ['Page Up', 'Page Down', 'Home', 'End'], what: 'Move by a page, to the ends' },
      { keys: ['Space'], what: 'Select or deselect the row' },
      { keys: ['Enter'], what: 'Open the entry, folder or file' },
      { keys: [`${mod}+A`], what: 'Select all' },
      { keys: ['Shift+↑', 'Shift+↓'], what: 'File lists: extend the selection' },
      // features/uploads/files/file-list.tsx
      { keys: ['Backspace', 'Alt+↑'], what: 'File lists: up to the parent folder' },
    ],
  },
  {
    where: 'Trees (archive, upload folders)',
    shortcuts: [
      // features/archive-viewer/archive-tree.tsx, features/uploads/files/folder-tree.tsx
      { keys: ['↑', '↓'], what: 'Move between the items shown' },
      { keys: ['→', '←'], what: 'Open or close the branch' },
      { keys: ['Enter'], what: 'Archive: open, close or follow a reference; folders: list them' },
    ],
  },
  {
    where: 'Query editor (JSON)',
    shortcuts: [
      // components/json-editor/json-editor.tsx
      { keys: ['Tab'], what: 'Indent by two spaces' },
      { keys: ['Esc', 'Tab'], what: 'Leave the editor with the keyboard' },
    ],
  },
]

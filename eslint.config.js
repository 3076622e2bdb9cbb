// ESLint flat config: type-aware rules for every project plus the layering bans of
// docs/architecture (renderer: no Electron/Node; core and sandbox: no Electron; shared: nothing
// outside shared). The bans are what keep electron/core testable without an Electron binary.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import prettier from 'eslint-config-prettier'
import { dirname, relative, resolve, sep } from 'node:path'

const nodeBuiltins = [
  'fs',
  'fs/promises',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'stream',
  'url',
  'util',
  'worker_threads',
  'zlib',
  'events',
  'buffer',
]
const noNodePatterns = [{ group: ['node:*'], message: 'Node built-ins are not available here.' }]
const noElectron = {
  name: 'electron',
  message: 'Only electron/main and electron/preload may import electron.',
}

const rendererRoot = resolve(import.meta.dirname, 'renderer')

/** 'screens/<name>' of a renderer file or import target, else undefined. */
function screenOf(file) {
  const [top, name, ...rest] = relative(rendererRoot, file).split(sep)
  return top === 'screens' && name !== undefined && rest.length > 0 ? name : undefined
}

/**
 * Screens are pages: each stands alone, so one can be loaded on demand and removed without
 * breaking another. What two screens need lives in renderer/features (stateful) or
 * renderer/components (presentational). Resolving the specifier against the importing file
 * catches every relative spelling ('../archive/x', '../../screens/uploads/files/y').
 */
const noCrossScreenImports = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = context.filename
    const own = screenOf(from)
    const inRenderer = !relative(rendererRoot, from).startsWith('..')
    // renderer/app composes the screens (routes, shell); everything else may not reach into one.
    const isApp = relative(rendererRoot, from).split(sep)[0] === 'app'
    if (!inRenderer || isApp) return {}
    function check(node) {
      const spec = node.source?.value
      if (typeof spec !== 'string' || !spec.startsWith('.')) return
      const target = screenOf(resolve(dirname(from), spec))
      if (target === undefined || target === own) return
      context.report({
        node: node.source,
        message:
          own === undefined
            ? `Only renderer/app may import a screen (here screens/${target}); move what is shared to renderer/features or renderer/components.`
            : `Screens do not import other screens (screens/${own} imports screens/${target}); move what both need to renderer/features or renderer/components.`,
      })
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}

/** The Electron bans of core, sandbox, host and tools, plus `extra` patterns. */
function electronLayering(...extra) {
  return {
    paths: [noElectron],
    patterns: [
      // 'electron/main', 'electron/renderer' and friends are the same module by another name.
      { group: ['electron/*'], message: noElectron.message },
      {
        group: ['**/main/**', '**/preload/**'],
        message: 'Depend on ports, not on Electron glue.',
      },
      ...extra,
    ],
  }
}
/** Any relative import with a path segment `folder` ('../../sandbox', '../sandbox/x', …). */
const relativeInto = (folder) => `^\\.{1,2}/(.*/)?${folder}(/|$)`
const testSources = ['**/*.test.ts', '**/test-support/**', '**/testing/**']

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.reports/**',
      'e2e/screenshots/**',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { renderer: { rules: { 'no-cross-screen-imports': noCrossScreenImports } } },
    rules: {
      'renderer/no-cross-screen-imports': 'error',
      // Mantine's Loader is a <span>: a name on it needs a role, or axe reports
      // aria-prohibited-attr (only when a scan happens to catch the loader on screen).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXOpeningElement[name.name='Loader']:has(JSXAttribute[name.name='aria-label']):not(:has(JSXAttribute[name.name='role']))",
          message: 'Give a named Loader role="status": it renders a <span>, which cannot be named.',
        },
        // A mounted Menu, Popover or Select renders its part of the screen twice before the
        // first paint and runs floating-ui for a popup nobody has opened.
        {
          selector: 'JSXOpeningElement[name.name=/^(Menu|Popover|Select)$/]',
          message:
            'Use LazyMenu / LazyPopover (renderer/components/lazy-popups.tsx) or DeferredSelect: they mount the popup when the user reaches for it.',
        },
      ],
      // The wire schemas' barrel evaluates every API schema (~50 zod objects) when a value is
      // imported from it; the host decodes the wire, the renderer needs its types.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)shared/api(/index)?$',
              allowTypeImports: true,
              message:
                'Import types from shared/api; a value from a zod-free module (shared/api/owners…): the barrel builds every wire schema when loaded.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            noElectron,
            ...nodeBuiltins.map((name) => ({ name, message: 'The renderer has no Node.' })),
            // A mounted Tooltip renders its part of the screen twice before the first paint.
            {
              name: '@mantine/core',
              importNames: ['Tooltip'],
              message:
                "Use LazyTooltip (renderer/components/lazy-tooltip.tsx): it mounts Mantine's Tooltip on first hover.",
            },
          ],
          patterns: [
            ...noNodePatterns,
            {
              group: ['**/electron/**'],
              message: 'The renderer talks to main only through renderer/ipc.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'electron/core/**/*.ts',
      'electron/sandbox/**/*.ts',
      'electron/host/**/*.ts',
      'electron/tools/**/*.{ts,mjs}',
    ],
    rules: { 'no-restricted-imports': ['error', electronLayering()] },
  },
  // core and sandbox are peers: the app's engine and a fake server. Only tests (and their
  // test-support/ and testing/ helpers) start a sandbox from core or reach into core from the
  // sandbox; electron/host and electron/main wire the two together.
  {
    files: ['electron/core/**/*.ts'],
    ignores: testSources,
    rules: {
      'no-restricted-imports': [
        'error',
        electronLayering({
          regex: relativeInto('sandbox'),
          message: 'electron/core does not import electron/sandbox (only tests may start one).',
        }),
      ],
    },
  },
  {
    files: ['electron/sandbox/**/*.ts'],
    ignores: testSources,
    rules: {
      'no-restricted-imports': [
        'error',
        electronLayering({
          regex: relativeInto('core'),
          message: 'electron/sandbox does not import electron/core (only tests may).',
        }),
      ],
    },
  },
  {
    files: ['electron/main/**/*.ts'],
    ignores: ['electron/main/ipc-bridge.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain'],
              message: 'Register IPC only in electron/main/ipc-bridge.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            noElectron,
            { name: 'react', message: 'shared/ is runtime-neutral.' },
            ...nodeBuiltins.map((name) => ({ name, message: 'shared/ is runtime-neutral.' })),
          ],
          patterns: [
            ...noNodePatterns,
            {
              group: ['**/electron/**', '**/renderer/**', '**/e2e/**'],
              message: 'shared/ imports nothing outside shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] },
  prettier,
)

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import lanesLayers from './eslint-rules/layers.js';

/**
 * The layers of main/ as a few named groups, top down (docs/architecture.md says what each folder does). Imports run
 * down between groups; inside a group folders are peers, and one uses another only where `allow` says so (the
 * allow-lists may not run in a circle). Tests and their support files may compose across layers.
 */
export const mainLayers = [
  // What starts Lanes: the Electron shell, the composition root, the IPC handlers, the command line. The command
  // line opens the same cache file as the app, so it takes the file's schema from the composition root.
  {
    name: 'shell',
    folders: ['electron', 'app', 'ipc', 'cli'],
    allow: { electron: ['app', 'ipc'], app: ['ipc'], cli: ['app'] },
  },
  // One folder per feature's main side; features do not call each other except as listed.
  {
    name: 'features',
    folders: ['workspace', 'editor', 'reports', 'datapool', 'translation', 'updates', 'demo'],
    allow: { reports: ['translation'] },
  },
  // What features stand on: sync (the outbox and pulling into the cache), the session, the cache, local files,
  // profiles, settings.
  {
    name: 'platform',
    folders: ['sync', 'session', 'cache', 'files', 'profiles', 'settings'],
    allow: { sync: ['session', 'cache'], session: ['cache', 'profiles'], cache: ['profiles'] },
  },
  // Talking to the service, what BPMN and SVG mean, the window, the lanes:// protocol, CSP and sender checks.
  {
    name: 'infrastructure',
    folders: ['api', 'bpmn', 'svg', 'window', 'protocol', 'security'],
    allow: { protocol: ['security'] },
  },
  // What everything uses: the logger and ground utilities.
  { name: 'ground', folders: ['log', 'base'] },
];

const layer = (from, forbidden, why) => ({
  files: [`${from}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map((folder) => ({ group: [`**/${folder}/**`, `../${folder}/*`], message: why })),
      },
    ],
  },
});

/** The inner layers of renderer/, top down: the frame, the screens, what screens share, the ground. */
export const rendererLayers = [
  ['shell'],
  [
    'about',
    'welcome',
    'profiles',
    'navigator',
    'element',
    'modeler',
    'compare',
    'reports',
    'datapool',
    'translate',
  ],
  ['workbench', 'diagram', 'verify', 'print', 'lint'],
  ['base'],
  ['bridge', 'i18n', 'styles'],
];

/**
 * The inner layers of the editor (renderer/modeler/), top down: the workspace of tabs; one tab (with the links
 * between processes it follows); the canvas (the Modeler and its session); the bpmn-js feature modules it is built from.
 */
export const modelerLayers = [['workspace'], ['tab'], ['canvas'], ['features']];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'release/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // The layers: renderer → shared ← main; the emulator stands alone.
  layer(
    'renderer',
    ['main', 'emulator'],
    'The renderer reaches main only through the IPC contract in shared/.',
  ),
  layer('shared', ['main', 'renderer', 'emulator'], 'shared/ is imported by both sides and imports neither.'),
  layer('main', ['renderer', 'emulator'], 'main/ must not depend on the renderer or the emulator.'),
  layer(
    'emulator',
    ['main', 'renderer', 'shared'],
    'The emulator stands alone: it implements the service, not Lanes.',
  ),
  // Integration tests drive main against the emulator over real HTTP; only tests may import it.
  {
    files: ['main/**/*.test.ts', 'main/**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/renderer/**'], message: 'main/ must not depend on the renderer.' }] },
      ],
    },
  },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/**/*.test.ts', 'main/**/*.test-support.ts'],
    plugins: { lanes: lanesLayers },
    rules: { 'lanes/layers': ['error', { root: 'main', groups: mainLayers }] },
  },
  {
    files: ['renderer/**/*.ts'],
    ignores: ['renderer/**/*.test.ts'],
    plugins: { lanes: lanesLayers },
    rules: { 'lanes/layers': ['error', { root: 'renderer', tiers: rendererLayers }] },
  },
  {
    files: ['renderer/modeler/**/*.ts'],
    ignores: ['renderer/modeler/**/*.test.ts'],
    plugins: { lanes: lanesLayers },
    rules: { 'lanes/inner-layers': ['error', { root: 'renderer/modeler', tiers: modelerLayers }] },
  },
  {
    files: ['renderer/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The renderer makes no network calls; ask main through the IPC contract.' },
        { name: 'XMLHttpRequest', message: 'The renderer makes no network calls.' },
        { name: 'WebSocket', message: 'The renderer makes no network calls.' },
      ],
    },
  },
  {
    files: ['bin/**/*.js', 'eslint.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    // Plain JavaScript that must run on old Node versions (the Node version preflight).
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'emulator/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);

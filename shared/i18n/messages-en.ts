/**
 * English UI text: the source catalog. Every other language must provide the
 * same keys (enforced by the type of `messagesDe`). Placeholders are `{name}`.
 */
export const messagesEn = {
  'app.title': 'Lanes',
  'app.tagline': 'BPMN modeling for your process landscape',
  'nav.label': 'Navigation',
  'nav.welcome': 'Welcome',
  'nav.newDiagram': 'New diagram',
  'nav.about': 'About Lanes',
  'header.uiLanguage': 'Interface language',
  'header.contentCulture': 'Content culture',
  'language.en': 'English',
  'language.de': 'German',
  'culture.1033': 'English (1033)',
  'culture.1031': 'German (1031)',
  'culture.3082': 'Spanish (3082)',
  'welcome.heading': 'Welcome to Lanes',
  'welcome.body':
    'Connect a tenant to browse your process landscape, or start a new diagram to try the editor.',
  'welcome.newDiagram': 'Start a new diagram',
  'about.heading': 'About Lanes',
  'about.version': 'Version',
  'about.dataDir': 'Data folder',
  'about.transport': 'Connection to the main process',
  'about.transport.electron': 'Electron IPC',
  'about.transport.harness': 'Test harness bridge',
  'about.node': 'Node.js',
  'about.electron': 'Electron',
  'about.chrome': 'Chromium',
  'about.platform': 'Platform',
  'about.notAvailable': 'not running in Electron',
  'about.loading': 'Loading…',
  'editor.heading': 'Untitled diagram',
  'editor.loading': 'Opening diagram…',
  'editor.failed': 'The diagram could not be opened: {reason}',
  'status.ready': 'Ready',
  'status.busy': 'Working…',
  'notification.dismiss': 'Dismiss',
  'notification.details': 'Details',
  'error.ipc.unknownChannel': 'Lanes asked for something it does not know ({channel}). Please report this.',
  'error.ipc.invalidRequest':
    'Lanes could not do that: the request was not valid ({channel}). Check your input and try again.',
  'error.ipc.forbiddenSender': 'A request came from a page that is not part of Lanes and was refused.',
  'error.ipc.invalidResponse': 'Lanes received an answer it did not expect ({channel}). Please report this.',
  'error.storage.writeFailed':
    'Lanes could not save to its data folder ({path}). Check that the disk is not full and the folder is writable.',
  'error.storage.readFailed': 'Lanes could not read {path}. The file may be damaged.',
  'error.internal': 'Something went wrong inside Lanes. Your work is kept; please try again.',
} as const;

export type MessageKey = keyof typeof messagesEn;

import { menuEn } from './features/menu.en.ts';
import { updatesEn } from './features/updates.en.ts';
import { compareEn } from './features/compare.en.ts';
import { reportsEn } from './features/reports.en.ts';
import { quitEn } from './features/quit.en.ts';
import { serviceKeysEn } from './features/service-keys.en.ts';
import { desktopEn } from './features/desktop.en.ts';
import { lazyViewsEn } from './features/lazy-views.en.ts';
import { securityEn } from './features/security.en.ts';
import { verifyEn } from './features/verify.en.ts';
import { outcomeEn } from './features/outcome.en.ts';
import { modelingAidsEn } from './features/modeling-aids.en.ts';
import { preflightEn } from './features/preflight.en.ts';
import { printEn } from './features/print.en.ts';
import { recentFilesEn } from './features/recent-files.en.ts';
import { dataPoolEn } from './features/datapool.en.ts';
import { editorEn } from './features/editor.en.ts';
import { elementEn } from './features/element.en.ts';
import { navigatorEn } from './features/navigator.en.ts';
import { profilesEn } from './features/profiles.en.ts';
import { shellEn } from './features/shell.en.ts';
import { workbenchEn } from './features/workbench.en.ts';
import { displayEn } from './features/display.en.ts';
import { canvasViewEn } from './features/canvas-view.en.ts';
import { lintEn } from './features/lint.en.ts';
import { translateEn } from './features/translate.en.ts';
import { serviceErrorsEn } from './features/service-errors.en.ts';

/**
 * English UI text: the source catalog. Every other language must provide the
 * same keys (enforced by the type of `messagesDe`). Placeholders are `{name}`.
 */
export const messagesEn = {
  ...shellEn,
  ...profilesEn,
  ...navigatorEn,
  ...elementEn,
  ...editorEn,
  ...compareEn,
  ...reportsEn,
  ...quitEn,
  ...serviceKeysEn,
  ...desktopEn,
  ...lazyViewsEn,
  ...menuEn,
  ...updatesEn,
  ...securityEn,
  ...verifyEn,
  ...outcomeEn,
  ...workbenchEn,
  ...modelingAidsEn,
  ...displayEn,
  ...canvasViewEn,
  ...lintEn,
  ...preflightEn,
  ...printEn,
  ...recentFilesEn,
  ...dataPoolEn,
  ...translateEn,
  ...serviceErrorsEn,
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
  'sync.notConnected': 'Not connected',
  'sync.online': 'Online',
  'sync.offline': 'Offline',
  'sync.unknown': 'Connection not checked yet',
  'sync.queued': '{count, number} waiting to be sent',
  'sync.conflicts': '{count, plural, one {# conflict} other {# conflicts}}',
  'sync.drafts': '{count, plural, one {# draft} other {# drafts}}',
  'sync.running': 'Syncing… {done, number} of {total, number}',
  'sync.now': 'Sync now',
  'sync.lastSync': 'Last sync {time}',
  'sync.label': 'Synchronization',
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
  'error.api.unauthorized':
    'The service refused the {credential} for {operation}. Check that it is correct and has not expired (tokens and keys expire after 90 days by default).',
  'error.api.forbidden':
    'The service does not allow {operation} with these credentials. Ask your tenant administrator for access.',
  'error.api.notFound': '{operation}: the service has no such {what}. Check the name or ID.',
  'error.api.conflict': '{operation}: {serviceMessage}',
  'error.api.rateLimited':
    'The service asks Lanes to slow down ({operation}); it can try again in {wait, plural, one {# second} other {# seconds}}.',
  'error.api.badRequest': 'The service rejected {operation}: {serviceMessage}',
  'error.api.serviceError': 'The service reported an error for {operation}: {serviceMessage}',
  'error.api.validationWarning':
    'The service warns about {operation}: {serviceMessage}. Apply anyway only if you are sure.',
  'error.api.invalidResponse':
    'The service answered {operation} with something Lanes does not understand ({field}). Check the base URL; if it is right, please report this.',
  'error.api.redirected':
    'The service redirected {operation} to another address ({target}). Lanes does not send credentials there; check the base URL.',
  'error.api.unreachable':
    'Lanes could not reach the service at {origin} ({reason}). Check the address and your network.',
  'error.api.timeout': 'The service did not answer {operation} in time. Try again later.',
  'error.api.outcomeUnknown':
    'The connection broke after {operation} was sent; Lanes cannot tell whether the service applied it. It was not sent again: check before retrying.',
  'error.api.cancelled': '{operation} was cancelled.',
  'error.cache.notCached':
    '{what} is not in the offline cache: Lanes is offline or cannot reach the service, and it was never fetched before. Open it once while online, or make its view available offline.',
  'error.workspace.notConnected':
    'No tenant is connected. Add one under Connections, or try the demo tenant from the Welcome page.',
  'error.connection.notConfigured':
    'The connection does not configure the {interface} interface (missing: {fields}). Add the missing fields under Connections.',
  'error.sync.busy': 'A sync is already running; wait for it to finish.',
  'error.demo.failed': 'The demo tenant could not be started: {reason}.',
  'error.editor.notProcess': '{id} is not a process with a diagram, so there is nothing to edit.',
  'error.editor.noServerCopy':
    'Lanes has never loaded the diagram of {id} and the service cannot be reached. Open it once while online, or make its view available offline.',
  'error.editor.noDraft': 'There is no saved draft of {id} to publish. Save (Ctrl+S) first.',
  'error.editor.notBpmn': 'This is not a BPMN diagram Lanes can use: {reason}',
  'error.editor.noProcess':
    'The service imports only diagrams that contain a process, and this one has none (only pools or a collaboration). Add a process, e.g. tasks inside a pool, then publish again.',
  'error.editor.notSerializable':
    'The diagram cannot be written as BPMN: {reason}. Nothing was saved; your diagram is still open.',
  'error.editor.undeclaredPrefix':
    'The diagram cannot be written as BPMN: it uses the namespace prefix "{prefix}" without declaring it. Nothing was saved. Open the file in a text editor, declare the prefix (xmlns:{prefix}="…") on its root element or remove the attributes that use it, then open it again.',
  'error.editor.conflictGone':
    'This conflict was already resolved elsewhere. Reopen the diagram to see where it stands.',
  'error.editor.keepMineImpossible':
    'Your changes and your colleague’s cannot be combined automatically (one of you removed what the other changed inside it). Choose “Replace with mine”, “Take theirs” or “Merge by hand”.',
  'error.editor.draftExists':
    'You already have a draft of this process. Publish or discard it first, so nothing of it is lost, then restore the version again.',
  'error.editor.noElementProcess':
    'The diagram has no process {process}, the one the service reads this element’s description from, so a description written into it would not be kept. Open the diagram and check that its process is the element’s own.',
  'error.file.changedOnDisk':
    '{path} was changed by another program since you opened it. Reload it, or save again to overwrite it.',
  'error.file.notBpmn': '{path} is not a BPMN file: {reason}',
  'error.file.unsupportedEncoding':
    '{path} is written in the encoding "{encoding}", which Lanes cannot read. Save it as UTF-8 in the program that made it (or in a text editor), then open it again.',
  'error.file.unreadable': 'Lanes could not read {path}: {reason}',
  'error.file.notATable':
    '{path} looks like {seems, select, xliff {an XML file (XLIFF)} bpmn {a BPMN diagram (XML)} html {a web page (HTML)} svg {an SVG image (XML)} xml {an XML file} json {a JSON file} pdf {a PDF document} image {an image} other {a binary file}}, not a table. {seems, select, xliff {Translations come back through Import translations… on the process’s Translate page; to push a table, choose} bpmn {Open diagrams with File › Open .bpmn File…; to push a table, choose} other {Export the data as}} a CSV file or an Excel workbook (.xlsx){seems, select, xliff {.} bpmn {.} other { from the program that made it, and choose that file.}}',
  'error.file.writeFailed':
    'Lanes could not write {path}: {reason}. Your diagram is still open; try another folder.',
  'error.file.diskFull':
    'The disk is full, so {path} was not written. Free some space and save again; your diagram is still open and the old file is unchanged.',
  'error.internal': 'Something went wrong inside Lanes. Your work is kept; please try again.',
} as const;

export type MessageKey = keyof typeof messagesEn;

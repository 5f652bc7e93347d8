import { menuDe } from './features/menu.de.ts';
import { updatesDe } from './features/updates.de.ts';
import type { MessageKey } from './messages-en.ts';

import { compareDe } from './features/compare.de.ts';
import { reportsDe } from './features/reports.de.ts';
import { quitDe } from './features/quit.de.ts';
import { serviceKeysDe } from './features/service-keys.de.ts';
import { desktopDe } from './features/desktop.de.ts';
import { lazyViewsDe } from './features/lazy-views.de.ts';
import { securityDe } from './features/security.de.ts';
import { verifyDe } from './features/verify.de.ts';
import { outcomeDe } from './features/outcome.de.ts';
import { modelingAidsDe } from './features/modeling-aids.de.ts';
import { preflightDe } from './features/preflight.de.ts';
import { printDe } from './features/print.de.ts';
import { recentFilesDe } from './features/recent-files.de.ts';
import { dataPoolDe } from './features/datapool.de.ts';
import { translateDe } from './features/translate.de.ts';
import { serviceErrorsDe } from './features/service-errors.de.ts';
import { editorDe } from './features/editor.de.ts';
import { elementDe } from './features/element.de.ts';
import { navigatorDe } from './features/navigator.de.ts';
import { profilesDe } from './features/profiles.de.ts';
import { shellDe } from './features/shell.de.ts';
import { workbenchDe } from './features/workbench.de.ts';
import { displayDe } from './features/display.de.ts';
import { canvasViewDe } from './features/canvas-view.de.ts';
import { lintDe } from './features/lint.de.ts';

export const messagesDe: Record<MessageKey, string> = {
  ...shellDe,
  ...profilesDe,
  ...navigatorDe,
  ...elementDe,
  ...editorDe,
  ...compareDe,
  ...reportsDe,
  ...quitDe,
  ...serviceKeysDe,
  ...desktopDe,
  ...lazyViewsDe,
  ...menuDe,
  ...updatesDe,
  ...securityDe,
  ...verifyDe,
  ...outcomeDe,
  ...workbenchDe,
  ...modelingAidsDe,
  ...displayDe,
  ...canvasViewDe,
  ...lintDe,
  ...preflightDe,
  ...printDe,
  ...recentFilesDe,
  ...dataPoolDe,
  ...translateDe,
  ...serviceErrorsDe,
  'app.title': 'Lanes',
  'app.tagline': 'BPMN-Modellierung für Ihre Prozesslandschaft',
  'nav.label': 'Navigation',
  'nav.welcome': 'Start',
  'nav.newDiagram': 'Neues Diagramm',
  'nav.about': 'Über Lanes',
  'header.uiLanguage': 'Sprache der Oberfläche',
  'header.contentCulture': 'Inhaltssprache',
  'language.en': 'Englisch',
  'language.de': 'Deutsch',
  'culture.1033': 'Englisch (1033)',
  'culture.1031': 'Deutsch (1031)',
  'culture.3082': 'Spanisch (3082)',
  'welcome.heading': 'Willkommen bei Lanes',
  'welcome.body':
    'Verbinden Sie einen Mandanten, um Ihre Prozesslandschaft zu durchsuchen, oder beginnen Sie ein neues Diagramm, um den Editor auszuprobieren.',
  'welcome.newDiagram': 'Neues Diagramm beginnen',
  'about.heading': 'Über Lanes',
  'about.version': 'Version',
  'about.dataDir': 'Datenordner',
  'about.transport': 'Verbindung zum Hauptprozess',
  'about.transport.electron': 'Electron-IPC',
  'about.transport.harness': 'Brücke der Testumgebung',
  'about.node': 'Node.js',
  'about.electron': 'Electron',
  'about.chrome': 'Chromium',
  'about.platform': 'Plattform',
  'about.notAvailable': 'läuft nicht in Electron',
  'about.loading': 'Wird geladen…',
  'sync.notConnected': 'Nicht verbunden',
  'sync.online': 'Online',
  'sync.offline': 'Offline',
  'sync.unknown': 'Verbindung noch nicht geprüft',
  'sync.queued': '{count, plural, one {# wartet auf das Senden} other {# warten auf das Senden}}',
  'sync.conflicts': '{count, plural, one {# Konflikt} other {# Konflikte}}',
  'sync.drafts': '{count, plural, one {# Entwurf} other {# Entwürfe}}',
  'sync.running': 'Synchronisiere … {done, number} von {total, number}',
  'sync.now': 'Jetzt synchronisieren',
  'sync.lastSync': 'Zuletzt synchronisiert {time}',
  'sync.label': 'Synchronisierung',
  'notification.dismiss': 'Schließen',
  'notification.details': 'Details',
  'error.ipc.unknownChannel':
    'Lanes hat etwas Unbekanntes angefordert ({channel}). Bitte melden Sie diesen Fehler.',
  'error.ipc.invalidRequest':
    'Das ging nicht: Die Anfrage war ungültig ({channel}). Prüfen Sie Ihre Eingabe und versuchen Sie es erneut.',
  'error.ipc.forbiddenSender':
    'Eine Anfrage kam von einer Seite, die nicht zu Lanes gehört, und wurde abgelehnt.',
  'error.ipc.invalidResponse':
    'Lanes hat eine unerwartete Antwort erhalten ({channel}). Bitte melden Sie diesen Fehler.',
  'error.storage.writeFailed':
    'Lanes konnte nicht in seinen Datenordner schreiben ({path}). Prüfen Sie, ob der Datenträger voll ist und der Ordner beschreibbar ist.',
  'error.storage.readFailed': 'Lanes konnte {path} nicht lesen. Die Datei ist möglicherweise beschädigt.',
  'error.api.unauthorized':
    'Der Dienst hat {credential} für {operation} abgelehnt. Prüfen Sie, ob der Wert stimmt und nicht abgelaufen ist (Tokens und Schlüssel laufen standardmäßig nach 90 Tagen ab).',
  'error.api.forbidden':
    'Der Dienst erlaubt {operation} mit diesen Zugangsdaten nicht. Bitten Sie Ihre Mandanten-Administration um Zugriff.',
  'error.api.notFound': '{operation}: Der Dienst kennt {what} nicht. Prüfen Sie Name oder ID.',
  'error.api.conflict': '{operation}: {serviceMessage}',
  'error.api.rateLimited':
    'Der Dienst bittet Lanes, langsamer zu werden ({operation}); ein neuer Versuch ist in {wait, plural, one {# Sekunde} other {# Sekunden}} möglich.',
  'error.api.badRequest': 'Der Dienst hat {operation} abgelehnt: {serviceMessage}',
  'error.api.serviceError': 'Der Dienst meldet einen Fehler bei {operation}: {serviceMessage}',
  'error.api.validationWarning':
    'Der Dienst warnt bei {operation}: {serviceMessage}. Wenden Sie es nur an, wenn Sie sicher sind.',
  'error.api.invalidResponse':
    'Der Dienst hat auf {operation} etwas geantwortet, das Lanes nicht versteht ({field}). Prüfen Sie die Basis-URL; wenn sie stimmt, melden Sie bitte diesen Fehler.',
  'error.api.redirected':
    'Der Dienst hat {operation} an eine andere Adresse umgeleitet ({target}). Lanes sendet dorthin keine Zugangsdaten; prüfen Sie die Basis-URL.',
  'error.api.unreachable':
    'Lanes konnte den Dienst unter {origin} nicht erreichen ({reason}). Prüfen Sie Adresse und Netzwerk.',
  'error.api.timeout':
    'Der Dienst hat auf {operation} nicht rechtzeitig geantwortet. Versuchen Sie es später erneut.',
  'error.api.outcomeUnknown':
    'Die Verbindung brach ab, nachdem {operation} gesendet war; ob der Dienst es ausgeführt hat, ist unbekannt. Es wurde nicht erneut gesendet: Bitte prüfen Sie das vor einem neuen Versuch.',
  'error.api.cancelled': '{operation} wurde abgebrochen.',
  'error.cache.notCached':
    '{what} ist nicht im Offline-Speicher: Lanes arbeitet offline oder erreicht den Dienst nicht, und es wurde noch nie abgerufen. Öffnen Sie es einmal online oder stellen Sie seine Ansicht offline zur Verfügung.',
  'error.workspace.notConnected':
    'Kein Mandant ist verbunden. Fügen Sie unter Verbindungen einen hinzu oder probieren Sie auf der Willkommensseite den Demo-Mandanten aus.',
  'error.connection.notConfigured':
    'Die Verbindung richtet die Schnittstelle {interface} nicht ein (es fehlt: {fields}). Ergänzen Sie die fehlenden Angaben unter Verbindungen.',
  'error.sync.busy': 'Eine Synchronisierung läuft bereits; warten Sie, bis sie fertig ist.',
  'error.demo.failed': 'Der Demo-Mandant konnte nicht gestartet werden: {reason}.',
  'error.editor.notProcess': '{id} ist kein Prozess mit Diagramm; es gibt nichts zu bearbeiten.',
  'error.editor.noServerCopy':
    'Lanes hat das Diagramm von {id} noch nie geladen, und der Dienst ist nicht erreichbar. Öffnen Sie es einmal online oder stellen Sie seine Ansicht offline bereit.',
  'error.editor.noDraft':
    'Es gibt keinen gespeicherten Entwurf von {id} zum Veröffentlichen. Speichern Sie zuerst (Strg+S).',
  'error.editor.notBpmn': 'Dies ist kein verwendbares BPMN-Diagramm: {reason}',
  'error.editor.noProcess':
    'Der Dienst importiert nur Diagramme mit einem Prozess, und dieses hat keinen (nur Pools oder eine Kollaboration). Fügen Sie einen Prozess hinzu, z. B. Aufgaben in einem Pool, und veröffentlichen Sie dann erneut.',
  'error.editor.notSerializable':
    'Das Diagramm kann nicht als BPMN geschrieben werden: {reason}. Es wurde nichts gespeichert; Ihr Diagramm bleibt geöffnet.',
  'error.editor.undeclaredPrefix':
    'Das Diagramm kann nicht als BPMN geschrieben werden: Es verwendet das Namensraum-Präfix „{prefix}“, ohne es zu deklarieren. Es wurde nichts gespeichert. Öffnen Sie die Datei in einem Texteditor, deklarieren Sie das Präfix (xmlns:{prefix}="…") am Wurzelelement oder entfernen Sie die Attribute, die es verwenden, und öffnen Sie sie dann erneut.',
  'error.editor.conflictGone':
    'Dieser Konflikt wurde bereits anderswo gelöst. Öffnen Sie das Diagramm erneut, um den Stand zu sehen.',
  'error.editor.keepMineImpossible':
    'Ihre Änderungen und die Ihrer Kollegin oder Ihres Kollegen lassen sich nicht automatisch zusammenführen (einer hat entfernt, worin der andere etwas geändert hat). Wählen Sie „Durch meine ersetzen“, „Ihre übernehmen“ oder „Von Hand zusammenführen“.',
  'error.editor.draftExists':
    'Sie haben bereits einen Entwurf dieses Prozesses. Veröffentlichen oder verwerfen Sie ihn zuerst, damit nichts davon verloren geht, und stellen Sie die Version dann erneut wieder her.',
  'error.editor.noElementProcess':
    'Das Diagramm hat keinen Prozess {process}, aus dem der Dienst die Beschreibung dieses Elements liest; eine hineingeschriebene Beschreibung würde also nicht übernommen. Öffnen Sie das Diagramm und prüfen Sie, ob sein Prozess der des Elements ist.',
  'error.file.changedOnDisk':
    '{path} wurde seit dem Öffnen von einem anderen Programm geändert. Laden Sie die Datei neu oder speichern Sie erneut, um sie zu überschreiben.',
  'error.file.notBpmn': '{path} ist keine BPMN-Datei: {reason}',
  'error.file.unsupportedEncoding':
    '{path} ist in der Kodierung „{encoding}“ geschrieben, die Lanes nicht lesen kann. Speichern Sie die Datei im erzeugenden Programm (oder in einem Texteditor) als UTF-8 und öffnen Sie sie dann erneut.',
  'error.file.unreadable': 'Lanes konnte {path} nicht lesen: {reason}',
  'error.file.notATable':
    '{path} sieht aus wie {seems, select, xliff {eine XML-Datei (XLIFF)} bpmn {ein BPMN-Diagramm (XML)} html {eine Webseite (HTML)} svg {ein SVG-Bild (XML)} xml {eine XML-Datei} json {eine JSON-Datei} pdf {ein PDF-Dokument} image {ein Bild} other {eine Binärdatei}}, nicht wie eine Tabelle. {seems, select, xliff {Übersetzungen kommen über „Übersetzungen importieren …“ auf der Übersetzen-Seite des Prozesses zurück; um eine Tabelle zu übertragen, wählen Sie} bpmn {Diagramme öffnen Sie mit Datei › .bpmn-Datei öffnen…; um eine Tabelle zu übertragen, wählen Sie} other {Exportieren Sie die Daten aus dem Programm, das die Datei erstellt hat, als}} eine CSV-Datei oder eine Excel-Arbeitsmappe (.xlsx){seems, select, xliff {.} bpmn {.} other { und wählen Sie diese Datei.}}',
  'error.file.writeFailed':
    'Lanes konnte {path} nicht schreiben: {reason}. Ihr Diagramm bleibt geöffnet; versuchen Sie einen anderen Ordner.',
  'error.file.diskFull':
    'Der Datenträger ist voll, daher wurde {path} nicht geschrieben. Schaffen Sie Platz und speichern Sie erneut; Ihr Diagramm bleibt geöffnet, die alte Datei ist unverändert.',
  'error.internal':
    'In Lanes ist ein Fehler aufgetreten. Ihre Arbeit bleibt erhalten; bitte versuchen Sie es erneut.',
};

import type { translateEn } from './translate.en.ts';

/** German for the translation workbench (translate.en.ts). */
export const translateDe: Record<keyof typeof translateEn, string> = {
  'translate.heading': '„{name}“ übersetzen',
  'translate.loading': 'Die Texte werden in beiden Sprachen geladen …',
  'translate.from': 'Von',
  'translate.to': 'Nach',
  'translate.swap': 'Sprachen tauschen',
  'translate.language.1031': 'Deutsch',
  'translate.language.1033': 'Englisch',
  'translate.language.3082': 'Spanisch',
  'translate.elementPage': 'Elementseite',
  'translate.openEditor': 'Im Editor öffnen',
  'translate.toolbar': 'Übersetzung',
  'translate.undo': 'Rückgängig',
  'translate.redo': 'Wiederholen',
  'translate.publish': '{language} veröffentlichen',
  'translate.publishing': 'Wird veröffentlicht …',
  'translate.filter.label': 'Zeilen zeigen',
  'translate.filter.all': 'Alle ({count, number})',
  'translate.filter.missing': 'Fehlend ({count, number})',
  'translate.filter.same': 'Wie Quelle ({count, number})',
  'translate.filter.outdated': 'Quelle geändert ({count, number})',
  'translate.filter.done': 'Übersetzt ({count, number})',
  'translate.filter.changed': 'Unveröffentlicht ({count, number})',
  'translate.search': 'In beiden Sprachen suchen',
  'translate.tableLabel': 'Texte von „{name}“ auf {source} und {target}',
  'translate.col.element': 'Element',
  'translate.col.state': 'Stand',
  'translate.state.missing': 'Fehlt',
  'translate.state.same': 'Wie Quelle',
  'translate.state.outdated': 'Quelle geändert',
  'translate.state.done': 'Übersetzt',
  'translate.state.draft': 'unveröffentlicht',
  'translate.state.queued': 'wartet auf das Senden',
  'translate.field.documentation': 'Dokumentation',
  'translate.field.text': 'Text',
  'translate.showOnDiagram': 'Im Diagramm zeigen: {element}',
  'translate.targetLabel': '{language} für „{source}“',
  'translate.targetLabelNoSource': '{language}: Text von {element}',
  'translate.noSource': '(kein Text)',
  'translate.sourceWas': 'Übersetzt aus: „{text}“',
  'translate.changedOnService': 'Im Dienst inzwischen zu „{text}“ geändert; nicht gesendet.',
  'translate.removedOnService': 'Im Dienst inzwischen entfernt; nicht gesendet.',
  'translate.keepMine': 'Meinen behalten',
  'translate.takeTheirs': 'Den des Dienstes übernehmen',
  'translate.keys':
    'Eingabe oder Tab: nächste Zeile · Umschalt+Eingabe: vorige Zeile · F8: nächster fehlender Text · Strg+Z: rückgängig · Strg+F: suchen',
  'translate.empty': 'Dieser Prozess hat keine Texte zum Übersetzen.',
  'translate.noMatches': 'Keine Zeile passt. Wählen Sie einen anderen Filter oder ändern Sie die Suche.',
  'translate.rowsShown': '{shown, number} von {total, plural, one {# Text} other {# Texten}} angezeigt',
  'translate.cached':
    'Offline: Die Texte stammen aus dem Zwischenspeicher, abgerufen {time}. Ihre Arbeit bleibt erhalten und wird später veröffentlicht.',
  'translate.readOnly':
    'Diese Version ist „{state}“: Der Dienst nimmt keine Änderungen an. Legen Sie auf der Elementseite eine neue Version an, um Übersetzungen zu veröffentlichen; Ihre Texte bleiben so lange erhalten.',
  'translate.pending.queued':
    'Eine Übersetzung dieser Sprache wartet im Postausgang und wird mit der nächsten Synchronisierung gesendet.',
  'translate.pending.sending': 'Eine Übersetzung dieser Sprache wird gesendet.',
  'translate.pending.unknown':
    'Eine Übersetzung wurde gesendet, die Antwort ging verloren; die nächste Synchronisierung prüft, ob sie angekommen ist.',
  'translate.pending.failed': 'Die letzte Übersetzung wurde abgelehnt: {error}',
  'translate.pending.conflict': 'Eine Übersetzung wartet auf eine Entscheidung: {error}',
  'translate.saving': 'Wird gespeichert …',
  'translate.saved': 'In Lanes gespeichert',
  'translate.published':
    '{count, plural, =0 {Veröffentlicht.} one {Veröffentlicht: # Text ist auf {language} im Dienst.} other {Veröffentlicht: # Texte sind auf {language} im Dienst.}}',
  'translate.queued':
    'Offline: Die Übersetzung wartet im Postausgang und wird mit der nächsten Synchronisierung gesendet.',
  'translate.nothing': 'Nichts zu veröffentlichen: Jeder Text ist so, wie der Dienst ihn hat.',
  'translate.failed': 'Der Dienst hat die Übersetzung abgelehnt: {message}',
  'translate.heldBack':
    '{count, plural, one {# Text wurde nicht gesendet: Der Text im Dienst hat sich geändert, seit Sie begonnen haben. Entscheiden Sie in der Tabelle (Filter „Unveröffentlicht“).} other {# Texte wurden nicht gesendet: Die Texte im Dienst haben sich geändert, seit Sie begonnen haben. Entscheiden Sie in der Tabelle (Filter „Unveröffentlicht“).}}',
  'translate.diagram.label': 'Diagramm von „{name}“',
  'translate.diagram.show': 'Diagramm auf',
  'translate.diagram.failed': 'Das Diagramm konnte nicht gezeichnet werden: {reason}',
  'translate.exchange.label': 'Austausch mit Übersetzern',
  'translate.exchange.export': 'Für Übersetzer exportieren',
  'translate.exchange.open.xliff': 'Fehlende und veraltete Texte, XLIFF 2.0',
  'translate.exchange.all.xliff': 'Alle Texte, XLIFF 2.0',
  'translate.exchange.open.csv': 'Fehlende und veraltete Texte, CSV',
  'translate.exchange.all.csv': 'Alle Texte, CSV',
  'translate.exchange.exported':
    '{count, plural, =0 {Kein Text zu exportieren: Die Datei ist leer.} one {# Text gespeichert in {path}.} other {# Texte gespeichert in {path}.}}',
  'translate.exchange.import': 'Übersetzungen importieren …',
  'translate.import.heading': '„{file}“ importieren',
  'translate.import.changes':
    '{count, plural, =0 {Die Datei ändert keinen Text.} one {Die Datei ändert # Text:} other {Die Datei ändert # Texte:}}',
  'translate.import.unchanged':
    '{count, plural, one {# Text steht schon so in der Tabelle.} other {# Texte stehen schon so in der Tabelle.}}',
  'translate.import.empty':
    '{count, plural, one {# Text ist in der Datei leer.} other {# Texte sind in der Datei leer.}}',
  'translate.import.refused':
    '{count, plural, one {# Zeile wird nicht übernommen:} other {# Zeilen werden nicht übernommen:}}',
  'translate.import.reason.sourceChanged': 'die Quelle hat sich seit dem Export geändert (jetzt „{now}“)',
  'translate.import.reason.unknown': 'diesen Text hat der Prozess nicht',
  'translate.import.reason.markup': 'sie enthält Formatierung, die ein Name nicht behalten kann',
  'translate.import.col.text': 'Text',
  'translate.import.col.now': 'Jetzt',
  'translate.import.col.file': 'Aus der Datei',
  'translate.import.more': '… und {count, number} weitere',
  'translate.import.apply':
    '{count, plural, =0 {Schließen} one {# Änderung übernehmen} other {# Änderungen übernehmen}}',
  'translate.import.cancel': 'Abbrechen',
  'translate.import.applied':
    '{count, plural, one {# Text aus der Datei steht in der Tabelle, noch nicht veröffentlicht. Strg+Z nimmt ihn zurück.} other {# Texte aus der Datei stehen in der Tabelle, noch nicht veröffentlicht. Strg+Z nimmt sie zurück.}}',
  'error.translation.unreadableFile':
    'Lanes konnte {path} nicht als Übersetzung lesen: {reason}. Importieren Sie die XLIFF- oder CSV-Datei, die Lanes exportiert hat, so wie das Übersetzungswerkzeug sie gespeichert hat.',
  'error.translation.wrongLanguage':
    '{path} enthält Texte auf {language}, diese Tabelle übersetzt aber nach {expected}. Wählen Sie diese Sprache unter „Nach“ oder importieren Sie die Datei, die dafür gemacht wurde.',
  'error.translation.otherProcess':
    '{path} wurde für einen anderen Prozess erstellt. Öffnen Sie die Übersetzung dieses Prozesses, um sie zu importieren.',
  'editor.toolbar.translate': 'Übersetzen …',
  'element.translate': 'Übersetzen',
  'element.pending.translation': 'Übersetzung',
};

import type { dataPoolEn } from './datapool.en.ts';

/** German text of the data pool screen; must cover every key of dataPoolEn. */
export const dataPoolDe: Record<keyof typeof dataPoolEn, string> = {
  'nav.dataPool': 'Datenpool',
  'dataPool.heading': 'Datenpool',
  'dataPool.intro':
    'Übertragen Sie Tabellen in den Datenpool des verbundenen Mandanten, um sie neben Ihren Prozessdaten auszuwerten.',
  'dataPool.openConnections': 'Verbindungen öffnen',
  'dataPool.offlineFile':
    'Für die Übertragung einer Datei wird der Data-Push-Dienst gebraucht, und Lanes erreicht ihn gerade nicht. Es wurde keine Datei gelesen. Versuchen Sie es erneut, sobald Sie online sind.',
  'dataPool.notConfigured':
    'Für diese Verbindung ist kein Datenpool eingerichtet (es fehlt: {fields}). Tragen Sie Data-Push-Adresse, Schlüssel und Pool unter „Verbindungen“ ein.',
  'dataPool.notConnected': 'Es ist kein Mandant verbunden. Legen Sie zuerst unter „Verbindungen“ einen an.',
  'dataPool.fileHeading': 'Tabellendatei übertragen (CSV oder Excel)',
  'dataPool.chooseFile': 'CSV- oder Excel-Datei auswählen …',
  'dataPool.chooseOther': 'Andere Datei auswählen …',
  'dataPool.fileFacts': '{name} · {size, number, size} · {columns, plural, one {# Spalte} other {# Spalten}}',
  'dataPool.previewHeading': 'Erste Zeilen, so wie der Pool sie speichern wird',
  'dataPool.previewLabel': 'Erste Zeilen von {name}',
  'dataPool.columnsHeading': 'Spalten',
  'dataPool.columnsHint':
    'Lanes hat aus den ersten Zeilen erraten, welchen Typ jede Spalte hat und wie ihre Zahlen und Datumsangaben geschrieben sind. Korrigieren Sie, was nicht stimmt: Die Vorschau oben folgt.',
  'dataPool.column.name': 'Spalte',
  'dataPool.column.type': 'Typ',
  'dataPool.column.length': 'Länge',
  'dataPool.column.key': 'Schlüssel',
  'dataPool.column.typeLabel': 'Typ von {name}',
  'dataPool.column.lengthLabel': 'Länge von {name}',
  'dataPool.column.keyLabel': '{name} kennzeichnet eine Zeile',
  'dataPool.type.INTEGER': 'Ganze Zahl',
  'dataPool.type.FLOAT': 'Dezimalzahl',
  'dataPool.type.BOOLEAN': 'Ja/Nein',
  'dataPool.type.DATE': 'Datum',
  'dataPool.type.TIME': 'Uhrzeit',
  'dataPool.type.DATETIME': 'Datum und Uhrzeit',
  'dataPool.type.STRING': 'Text',
  'dataPool.table': 'Tabelle im Pool',
  'dataPool.tableInvalid':
    'Verwenden Sie Buchstaben, Ziffern und Unterstriche; am Anfang ein Buchstabe oder Unterstrich (höchstens 128 Zeichen).',
  'dataPool.mode': 'Wie sich die Tabelle ändert',
  'dataPool.mode.DELTA': 'Zeilen über ihren Schlüssel aktualisieren und ergänzen (Delta)',
  'dataPool.mode.REPLACE': 'Die ganze Tabelle durch diese Datei ersetzen',
  'dataPool.keysNeeded':
    'Eine Delta-Übertragung braucht mindestens eine Schlüsselspalte: Kreuzen Sie „Schlüssel“ bei den Spalten an, die eine Zeile kennzeichnen.',
  'dataPool.deleted': 'Zu löschende Zeilen (optional)',
  'dataPool.deletedHint':
    'Eine CSV-Datei mit den Schlüsselspalten der Zeilen, die aus der Tabelle entfernt werden.',
  'dataPool.chooseDeleted': 'Datei mit zu löschenden Zeilen auswählen …',
  'dataPool.removeDeleted': 'Keine Zeilen löschen',
  'dataPool.start': 'In den Datenpool übertragen',
  'dataPool.cancel': 'Übertragung abbrechen',
  'dataPool.progressHeading': 'Übertragung nach {table}',
  'dataPool.phase.checking': 'Verbindung wird geprüft …',
  'dataPool.phase.creating': 'Übertragungsauftrag wird angelegt …',
  'dataPool.phase.uploading': 'Zeilen werden gesendet …',
  'dataPool.phase.uploadingDeleted': 'Zu löschende Zeilen werden gesendet …',
  'dataPool.phase.executing': 'Auftrag wird gestartet …',
  'dataPool.phase.targetBusy':
    'Ein anderer Auftrag schreibt gerade in diese Tabelle. Lanes wartet darauf und versucht es alle {seconds, number} s erneut.',
  'dataPool.phase.rateLimited':
    'Der Dienst bittet Lanes, {seconds, number} s zu warten (zu viele Aufträge auf einmal). Lanes macht danach von selbst weiter.',
  'dataPool.phase.following': 'Der Dienst lädt die Zeilen …',
  'dataPool.phase.done':
    '{rows, plural, one {Fertig: # Zeile ist in der Tabelle {table}.} other {Fertig: # Zeilen sind in der Tabelle {table}.}}',
  'dataPool.phase.failed': 'Die Übertragung ist fehlgeschlagen. Die Tabelle wurde nicht verändert.',
  'dataPool.phase.canceled': 'Abgebrochen. Die Tabelle wurde nicht verändert.',
  'dataPool.sent':
    '{rows, plural, one {# Zeile} other {# Zeilen}} · {bytes, number, size} von {total, number, size} gesendet',
  'dataPool.progressLabel': 'Gesendete Bytes',
  'dataPool.stateLabel': 'Auftragsstatus',
  'dataPool.badRowsHeading': 'Vom Dienst abgelehnte Zeilen',
  'dataPool.badRow.line': 'Zeile',
  'dataPool.badRow.problem': 'Problem',
  'dataPool.badRow.deletedFile': '(zu löschende Zeilen)',
  'dataPool.logsHeading': 'Protokoll des Auftrags',
  'dataPool.jobsHeading': 'Aufträge im Pool',
  'dataPool.jobsIntro': 'Noch nicht abgeschlossene Aufträge aller Clients dieses Pools.',
  'dataPool.refresh': 'Aktualisieren',
  'dataPool.noJobs': 'Im Pool wartet oder läuft kein Auftrag.',
  'dataPool.job.table': 'Tabelle',
  'dataPool.job.type': 'Art',
  'dataPool.job.state': 'Status',
  'dataPool.job.created': 'Angelegt',
  'dataPool.job.actions': 'Aktionen',
  'dataPool.job.cancel': 'Abbrechen',
  'dataPool.job.delete': 'Löschen',
  'dataPool.job.cancelLabel': 'Auftrag für {table} abbrechen',
  'dataPool.job.deleteLabel': 'Auftrag für {table} löschen',
  'dataPool.history.rows': 'Zeilen',
  'dataPool.history.duration': 'Dauer',
  'dataPool.history.started': 'Begonnen',
  'dataPool.noHistory': 'Noch keine Übertragung.',
  'dataPool.phase.waiting':
    'Lanes erreicht den Datenpool gerade nicht. Die Zeilen werden aufbewahrt und mit der nächsten Synchronisierung gesendet.',
  'dataPool.lanesHeading': 'Übertragen, was Lanes kennt',
  'dataPool.lanesIntro':
    'Tabellen aus der ganzen Prozesslandschaft, ohne Datei. Jede Übertragung aktualisiert die Zeilen über ihren Schlüssel, Sie können sie also wiederholen, sobald sich die Landschaft ändert.',
  'dataPool.lanes.inventory': 'Bestand der Landschaft',
  'dataPool.lanes.inventoryHint':
    'Jedes Element der Landschaft mit Facette, Typ, Name, Status, Version, Verantwortlichem, Erstellungs-, Änderungs- und Freigabedatum sowie Gültigkeit.',
  'dataPool.lanes.metrics': 'Modellqualität',
  'dataPool.lanes.metricsHint':
    'Je Prozess der Landschaft: Elemente, Lint-Fehler und -Warnungen je Regel, letzte Veröffentlichung aus Lanes und offene Konflikte.',
  'dataPool.lanes.preview': 'Vorschau',
  'dataPool.lanes.push': 'Übertragen',
  'dataPool.lanes.pushLabel': '{what} übertragen',
  'dataPool.lanes.previewLabel': 'Vorschau: {what}',
  'dataPool.lanes.tableLabel': 'Tabelle für: {what}',
  'dataPool.lanes.rows': '{rows, plural, one {# Zeile} other {# Zeilen}}, Schlüssel {key}.',
  'dataPool.lanes.empty': 'Lanes kennt von dieser Landschaft noch nichts.',
  'dataPool.lanes.more': 'Die ersten {shown, number} von {rows, number} Zeilen.',
  'dataPool.source.label': 'Was',
  'dataPool.source.file': 'CSV-Datei',
  'dataPool.source.inventory': 'Bestand',
  'dataPool.source.metrics': 'Modellqualität',
  'dataPool.history.waiting': 'Wartet auf Synchronisierung',
  'dataPool.historyHeading': 'Bisherige Übertragungen dieser Verbindung',
  'dataPool.history.logLines': '{count, plural, one {# Zeile} other {# Zeilen}}',
  'dataPool.cancelWaiting': 'Nicht senden',
  'dataPool.readingHeading': 'Wie Lanes die Datei liest',
  'dataPool.readingHint': 'Aus der Datei erkannt. Ändern Sie es, wenn die Vorschau nicht stimmt.',
  'dataPool.encoding': 'Zeichenkodierung',
  'dataPool.encoding.utf8': 'UTF-8',
  'dataPool.encoding.cp1252': 'Windows-1252 (westeuropäisch, Excel „CSV“)',
  'dataPool.encoding.utf16le': 'UTF-16 Little Endian (Excel „Unicode-Text“)',
  'dataPool.encoding.utf16be': 'UTF-16 Big Endian',
  'dataPool.separator': 'Trennzeichen',
  'dataPool.separator.comma': 'Komma ( , )',
  'dataPool.separator.semicolon': 'Semikolon ( ; )',
  'dataPool.separator.tab': 'Tabulator',
  'dataPool.separator.bar': 'Senkrechter Strich ( | )',
  'dataPool.sheet': 'Tabellenblatt',
  'dataPool.headerRow': 'Kopfzeile',
  'dataPool.headerRowHint': 'Die Zeile mit den Spaltennamen; die Zeilen darunter werden übertragen.',
  'dataPool.notice.mergedHeader':
    'Die Kopfzellen {cells} sind verbunden. Lanes nennt die Spalten {names}; geben Sie ihnen in der Arbeitsmappe eigene Namen, wenn Sie andere möchten.',
  'dataPool.notice.unnamedColumn':
    'Spalte {column} hat in der Kopfzeile keinen Namen; Lanes nennt sie {name}.',
  'dataPool.notice.repeatedHeader':
    'Der Name in Spalte {column} kommt zweimal vor; Lanes nennt diese Spalte {name}.',
  'dataPool.notice.emptyRowsLeftOut':
    '{count, plural, one {# leere Zeile wird ausgelassen.} other {# leere Zeilen werden ausgelassen.}}',
  'dataPool.notice.errorCells':
    '{count, plural, one {# Zelle enthält einen Fehlerwert (etwa #DIV/0!) und wird leer übertragen.} other {# Zellen enthalten einen Fehlerwert (etwa #DIV/0!) und werden leer übertragen.}}',
  'dataPool.notice.formulaWithoutResult':
    '{count, plural, one {# Formel hat kein gespeichertes Ergebnis und wird leer übertragen.} other {# Formeln haben kein gespeichertes Ergebnis und werden leer übertragen.}} Öffnen Sie die Arbeitsmappe in Excel, speichern Sie sie und wählen Sie sie erneut aus.',
  'dataPool.notice.emptySheet': 'Das Tabellenblatt {sheet} ist leer. Wählen Sie ein anderes Tabellenblatt.',
  'dataPool.previewAllRead': 'Jeder Wert in diesen Zeilen lässt sich als Typ seiner Spalte lesen.',
  'dataPool.previewBad':
    '{count, plural, one {# Wert in diesen Zeilen lässt sich nicht als Typ seiner Spalte lesen (markiert).} other {# Werte in diesen Zeilen lassen sich nicht als Typ ihrer Spalte lesen (markiert).}} Korrigieren Sie die Spalte unten, sonst weist der Dienst diese Zeilen zurück.',
  'dataPool.cellBad': 'Nicht als {type} lesbar: „{value}“',
  'dataPool.cellCut': 'Auf {length, number} Zeichen gekürzt',
  'dataPool.column.written': 'Geschrieben als',
  'dataPool.decimalSeparator': 'Dezimaltrennzeichen',
  'dataPool.thousandsSeparator': 'Tausendertrennzeichen',
  'dataPool.dateFormat': 'Datumsformat',
  'dataPool.column.decimalLabel': 'Dezimaltrennzeichen von {name}',
  'dataPool.column.thousandsLabel': 'Tausendertrennzeichen von {name}',
  'dataPool.column.dateFormatLabel':
    'Datumsformat von {name} (dd Tag, MM Monat, yyyy Jahr, HH:mm Uhrzeit, a AM/PM)',
  'dataPool.thousands.none': 'keines',
  'dataPool.thousands.space': 'Leerzeichen',
  'dataPool.thousands.nbsp': 'geschütztes Leerzeichen',
  'dataPool.thousands.narrow': 'schmales Leerzeichen',
  'dataPool.dateFormatInvalid': 'Kein Datumsformat: Verwenden Sie dd, MM, yyyy, HH, mm, ss und a.',
  'dataPool.lanes.gather.listing': 'Landschaft wird gelesen: {done, number} von {total, number} Elementen …',
  'dataPool.lanes.gather.diagrams': 'Diagramme werden gelesen: {done, number} von {total, number} …',
  'dataPool.lanes.gather.lint': 'Diagramme werden geprüft: {done, number} von {total, number} …',
  'dataPool.lanes.gatherLabel': '{what} wird zusammengestellt',
  'dataPool.lanes.stop': 'Anhalten',
  'dataPool.lanes.whole':
    'Die ganze Landschaft ({total, plural, one {# Element} other {# Elemente}}), eben vom Dienst gelesen.',
  'dataPool.lanes.wholeMetrics': 'Jeder Prozess der Landschaft ({total, number}), eben vom Dienst gelesen.',
  'dataPool.lanes.offline':
    'Offline: {known, number} von {total, plural, one {# Element ist} other {# Elementen sind}} offline bekannt. Eine Übertragung wartet auf die nächste Synchronisierung, die die ganze Landschaft neu liest.',
  'dataPool.lanes.offlineMetrics':
    'Offline: Für {known, number} von {total, plural, one {# Prozess} other {# Prozessen}} ist ein Diagramm offline bekannt. Eine Übertragung wartet auf die nächste Synchronisierung, die alle Diagramme neu liest.',
  'dataPool.lanes.offlineUnknown':
    'Offline: {known, plural, one {# Element ist} other {# Elemente sind}} offline bekannt; wie viele die Landschaft hat, ist noch nicht bekannt. Eine Übertragung wartet auf die nächste Synchronisierung, die die ganze Landschaft liest.',
  'dataPool.problem.nothingKnown':
    'Lanes kennt noch kein Element dieser Landschaft, daher wurde nichts übertragen. Das Inventar wird vom Dienst gelesen: Übertragen Sie es erneut, wenn Sie online sind.',
  'dataPool.problem.noDiagramKnown':
    'Lanes kennt noch kein Prozessdiagramm dieser Landschaft, daher wurde nichts übertragen. Übertragen Sie erneut, wenn Sie online sind: Lanes liest dann das Diagramm jedes Prozesses.',
  'dataPool.problem.empty':
    'Lanes konnte {path} nicht lesen: Die Datei ist leer. Wählen Sie eine Datei mit Kopfzeile und Daten.',
  'dataPool.problem.headerEmpty':
    'Lanes konnte {path} nicht lesen: Spalte {column} hat in der Kopfzeile keinen Namen. Geben Sie jeder Spalte in der Datei einen Namen und wählen Sie sie erneut aus.',
  'dataPool.problem.headerRepeated':
    'Lanes konnte {path} nicht lesen: Der Spaltenname „{columnName}“ kommt in der Kopfzeile zweimal vor. Geben Sie jeder Spalte einen eigenen Namen und wählen Sie die Datei erneut aus.',
  'dataPool.problem.notXlsx':
    'Lanes konnte {path} nicht lesen: Es ist keine Excel-Arbeitsmappe (.xlsx). Lanes liest CSV-Dateien und .xlsx-Arbeitsmappen: Speichern Sie sie in einem dieser Formate (nicht als .xls, ohne Kennwortschutz) und wählen Sie sie erneut aus.',
  'dataPool.problem.tooLarge':
    'Lanes konnte {path} nicht lesen: Die Arbeitsmappe ist zu groß ({size}; Lanes liest bis {limit}). Speichern Sie das Tabellenblatt als CSV und übertragen Sie diese: CSV-Dateien jeder Größe werden gestreamt.',
  'dataPool.problem.damaged':
    'Lanes konnte {path} nicht lesen: Die Arbeitsmappe ist beschädigt. Öffnen Sie sie in Excel, speichern Sie sie erneut und wählen Sie sie wieder aus.',
  'dataPool.problem.noSheet':
    'Die Arbeitsmappe {path} hat kein Tabellenblatt {sheet}. Wählen Sie ein anderes.',
  'dataPool.problem.missing': '{path} ist nicht mehr vorhanden. Wählen Sie die Datei erneut aus.',
  'dataPool.problem.tooMuchMemory':
    'Lanes konnte {path} nicht lesen: Dafür bräuchte es mehr Speicher, als Lanes einer Datei gibt. Speichern Sie das Tabellenblatt als CSV und übertragen Sie diese.',
  'dataPool.problem.deletedNotCsv':
    'Die zu löschenden Zeilen werden aus einer CSV-Datei gelesen, und {path} ist eine Arbeitsmappe. Speichern Sie das Tabellenblatt als CSV und wählen Sie diese aus.',
  'dataPool.failedBeforeJob':
    'An den Pool wurde nichts gesendet: Die Übertragung endete, bevor ihr Auftrag angelegt war.',
};

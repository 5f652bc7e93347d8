import type { profilesEn } from './profiles.en.ts';

/** German UI text of the profiles feature; must cover every key of profilesEn. */
export const profilesDe: Record<keyof typeof profilesEn, string> = {
  'welcome.firstRun.heading': 'Erste Schritte',
  'welcome.firstRun.body':
    'Noch ist kein Mandant verbunden. Probieren Sie Lanes mit einem Demo-Mandanten aus, der auf diesem Computer läuft, oder verbinden Sie Ihren eigenen.',
  'welcome.tryDemo': 'Demo-Mandanten ausprobieren',
  'welcome.startingDemo': 'Der Demo-Mandant wird gestartet…',
  'welcome.addConnection': 'Verbindung hinzufügen',
  'welcome.connectedTo': 'Verbunden mit {name}',
  'welcome.noCurrent': 'Es gibt Verbindungsprofile, aber keines ist ausgewählt.',
  'welcome.openLandscape': 'Prozesslandschaft öffnen',
  'welcome.manageConnections': 'Verbindungen verwalten',
  'welcome.restartDemo': 'Demo-Mandanten starten',

  'profiles.heading': 'Verbindungen',
  'profiles.intro':
    'Jedes Verbindungsprofil enthält die Adressen und Zugangsdaten eines Mandanten. Tokens und Schlüssel liegen im geschützten Speicher Ihres Systems und werden nie wieder angezeigt.',
  'profiles.loading': 'Verbindungen werden geladen…',
  'profiles.empty': 'Noch keine Verbindungen.',
  'profiles.add': 'Verbindung hinzufügen',
  'profiles.listLabel': 'Verbindungsprofile',
  'profiles.current': 'Verbunden',
  'profiles.notUsed': 'nicht gesetzt',
  'profiles.switchTo': 'Zu {name} wechseln',
  'profiles.edit': '{name} bearbeiten',
  'profiles.remove': '{name} entfernen',
  'profiles.test': 'Verbindung testen: {name}',
  'profiles.action.switchTo': 'Wechseln',
  'profiles.action.edit': 'Bearbeiten',
  'profiles.action.remove': 'Entfernen',
  'profiles.action.test': 'Verbindung testen',
  'profiles.testing': 'Wird getestet…',
  'profiles.switched': 'Jetzt verbunden mit {name}.',
  'profiles.saved': '{name} gespeichert.',
  'profiles.removed': '{name} entfernt.',

  'profiles.protection.weak':
    'Tokens und Schlüssel sind auf diesem Computer nicht gut geschützt: Es ist kein Schlüsselbund (etwa GNOME Keyring oder KWallet) verfügbar, daher speichert Electron sie nur mit einem festen Schlüssel verschleiert ({backend}). Wer Ihre Dateien lesen kann, kann sie lesen. Installieren und entsperren Sie einen Schlüsselbund und starten Sie Lanes neu.',
  'profiles.protection.unavailable':
    'Dieser Computer bietet Lanes keinen geschützten Speicher ({backend}), daher können Tokens und Schlüssel nicht gespeichert werden: Das Speichern einer Verbindung mit Token oder Schlüssel schlägt fehl. Lanes schreibt sie nie ungeschützt.',

  'profiles.confirmRemove.title': '{name} entfernen?',
  'profiles.confirmRemove.body':
    'Das Profil und seine gespeicherten Tokens und Schlüssel werden von diesem Computer gelöscht. Sein Offline-Cache bleibt im Datenordner. Beim Dienst ändert sich nichts.',
  'profiles.confirmRemove.confirm': 'Entfernen',
  'profiles.confirmRemove.cancel': 'Abbrechen',

  'profiles.form.addHeading': 'Verbindung hinzufügen',
  'profiles.form.editHeading': '{name} bearbeiten',
  'profiles.form.save': 'Speichern',
  'profiles.form.saveAndTest': 'Speichern und Verbindung testen',
  'profiles.form.cancel': 'Abbrechen',
  'profiles.form.requiredHint': 'Mit * markierte Felder sind Pflichtfelder.',
  'profiles.form.name': 'Profilname *',
  'profiles.form.name.help':
    'Buchstaben, Ziffern, Leerzeichen, Punkte, Binde- und Unterstriche. Kann später nicht geändert werden.',
  'profiles.group.process': 'Prozessmanagement',
  'profiles.group.process.help': 'Prozesse durchsuchen, bearbeiten und freigeben; BPMN-Import und -Export.',
  'profiles.group.reporting': 'Reporting',
  'profiles.group.reporting.help': 'Berichte über die Prozesslandschaft, nur lesend. Optional.',
  'profiles.group.dataPush': 'Data Push',
  'profiles.group.dataPush.help': 'Tabellen in den Mandanten hochladen. Optional.',
  'profiles.field.processBaseUrl': 'Basis-URL',
  'profiles.field.processBaseUrl.help': 'Die Adresse Ihres Mandanten, z. B. https://ihrefirma.symbio.cloud',
  'profiles.field.collectionId': 'Collection',
  'profiles.field.collectionId.help': 'Die Collection-ID aus der URL des Mandanten.',
  'profiles.field.storageId': 'Storage',
  'profiles.field.storageId.help': 'Die Storage-ID (die Mandanten-ID) aus der URL des Mandanten.',
  'profiles.field.authToken': 'Auth-Token',
  'profiles.field.authToken.help':
    'Wird von einer Mandanten-Administratorin erstellt; läuft standardmäßig nach 90 Tagen ab.',
  'profiles.field.bpmnToken': 'BPMN-Token',
  'profiles.field.bpmnToken.help': 'Das Token für BPMN-Import und -Export.',
  'profiles.field.reportingRegion': 'Region',
  'profiles.field.reportingRegion.help': 'Wo die Reporting-Schnittstelle Ihres Mandanten läuft.',
  'profiles.region.none': 'Nicht verwendet',
  'profiles.region.eu': 'Europa',
  'profiles.region.us': 'Vereinigte Staaten',
  'profiles.region.jp': 'Japan',
  'profiles.region.custom': 'Andere Adresse…',
  'profiles.field.reportingBaseUrl': 'Reporting-Basis-URL',
  'profiles.field.reportingBaseUrl.help':
    'Nur wenn Ihre Reporting-Schnittstelle in keiner der Regionen liegt.',
  'profiles.field.tenantId': 'Mandanten-ID',
  'profiles.field.tenantId.help': 'Eine GUID wie 0f8fad5b-d9cb-469f-a165-70867728950e.',
  'profiles.field.reportingApiKey': 'Reporting-API-Schlüssel',
  'profiles.field.reportingApiKey.help':
    'Wird bei jeder Reporting-Anfrage gesendet; läuft standardmäßig nach 90 Tagen ab.',
  'profiles.field.dataPushBaseUrl': 'Data-Push-Basis-URL',
  'profiles.field.dataPushBaseUrl.help': 'Die Adresse der Data-Push-Schnittstelle.',
  'profiles.field.dataPushKey': 'Data-Push-Schlüssel',
  'profiles.field.dataPushKey.help': 'Der Schlüssel des Pools.',
  'profiles.field.poolId': 'Pool',
  'profiles.field.poolId.help': 'Die ID des Datenpools, in den hochgeladen wird.',
  'profiles.secret.stored':
    'Gespeichert. Leer lassen, um ihn zu behalten, oder einen neuen eingeben, um ihn zu ersetzen.',
  'profiles.secret.notStored': 'Noch nicht gespeichert.',

  'profiles.invalid.nameRequired': 'Geben Sie einen Namen für das Profil ein.',
  'profiles.invalid.nameChars':
    'Verwenden Sie nur Buchstaben, Ziffern, Leerzeichen, Punkte, Binde- und Unterstriche.',
  'profiles.invalid.nameLength': 'Verwenden Sie höchstens 60 Zeichen.',
  'profiles.invalid.nameTaken':
    'Ein Profil mit diesem Namen gibt es schon; wählen Sie einen anderen Namen oder bearbeiten Sie jenes.',
  'profiles.invalid.url': 'Geben Sie eine vollständige Adresse ein, die mit https:// (oder http://) beginnt.',
  'profiles.invalid.guid': 'Geben Sie eine GUID ein, etwa 0f8fad5b-d9cb-469f-a165-70867728950e.',
  'profiles.invalid.processIncomplete':
    'Basis-URL, Collection und Storage gehören zusammen: Füllen Sie alle drei aus oder lassen Sie alle drei leer.',
  'profiles.invalid.summary': 'Bitte korrigieren Sie die markierten Felder.',

  'profiles.testResults': 'Verbindungstest von {name}',
  'profiles.iface.process': 'Prozessmanagement',
  'profiles.iface.bpmn': 'BPMN-Import und -Export',
  'profiles.iface.reporting': 'Reporting',
  'profiles.iface.dataPush': 'Data Push',
  'profiles.result.ok': 'Funktioniert',
  'profiles.result.notConfigured': 'Nicht eingerichtet',
  'profiles.result.failed': 'Fehlgeschlagen',
  'profiles.result.wrongAuthToken':
    'Falsches Auth-Token: Der Dienst hat es abgelehnt. Prüfen Sie, ob es stimmt und nicht abgelaufen ist.',
  'profiles.result.wrongBpmnToken':
    'Falsches BPMN-Token: Der Dienst hat es abgelehnt. Prüfen Sie, ob es stimmt und nicht abgelaufen ist.',
  'profiles.result.wrongReportingCredentials':
    'Die Reporting-Schnittstelle hat die Mandanten-ID oder den API-Schlüssel abgelehnt: Prüfen Sie, ob die Mandanten-ID zu diesem Schlüssel gehört und der Schlüssel nicht abgelaufen ist.',
  'profiles.result.wrongDataPushKey':
    'Falscher Data-Push-Schlüssel: Der Dienst hat ihn abgelehnt. Prüfen Sie, ob er stimmt und nicht abgelaufen ist.',
  'profiles.result.badTenantId':
    'Die Reporting-Schnittstelle hat die Mandanten-ID abgelehnt ({serviceMessage}). Sie muss eine GUID sein.',
  'profiles.result.unknownCollection':
    'Der Dienst kennt diese Collection oder diesen Storage nicht. Prüfen Sie beide IDs.',
  'profiles.result.unknownPool':
    'Die Data-Push-Schnittstelle kennt diesen Pool nicht. Prüfen Sie die Pool-ID.',
  'profiles.result.wrongPath':
    'Unter diesem Pfad antwortet nichts. Prüfen Sie die Basis-URL (beim Reporting die richtige Region).',
  'profiles.result.unreachable':
    'Host nicht erreichbar: Lanes konnte {origin} nicht erreichen ({reason}). Prüfen Sie die Adresse und Ihr Netzwerk.',
};

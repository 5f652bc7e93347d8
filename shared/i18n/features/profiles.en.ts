/** English UI text of the profiles feature; merged into the catalog by messages-en.ts. */
export const profilesEn = {
  // Welcome panel
  'welcome.firstRun.heading': 'Get started',
  'welcome.firstRun.body':
    'No tenant is connected yet. Try Lanes with a demo tenant that runs on this computer, or connect your own.',
  'welcome.tryDemo': 'Try the demo tenant',
  'welcome.startingDemo': 'Starting the demo tenant…',
  'welcome.addConnection': 'Add a connection',
  'welcome.connectedTo': 'Connected to {name}',
  'welcome.noCurrent': 'Connection profiles exist, but none is selected.',
  'welcome.openLandscape': 'Open the landscape',
  'welcome.manageConnections': 'Manage connections',
  'welcome.restartDemo': 'Start the demo tenant',

  // Profiles page and list
  'profiles.heading': 'Connections',
  'profiles.intro':
    'Each connection profile holds the addresses and credentials of one tenant. Tokens and keys are kept in your system’s protected storage and are never shown again.',
  'profiles.loading': 'Loading connections…',
  'profiles.empty': 'No connections yet.',
  'profiles.add': 'Add a connection',
  'profiles.listLabel': 'Connection profiles',
  'profiles.current': 'Connected',
  'profiles.notUsed': 'not set',
  'profiles.switchTo': 'Switch to {name}',
  'profiles.edit': 'Edit {name}',
  'profiles.remove': 'Remove {name}',
  'profiles.test': 'Test connection {name}',
  'profiles.action.switchTo': 'Switch to',
  'profiles.action.edit': 'Edit',
  'profiles.action.remove': 'Remove',
  'profiles.action.test': 'Test connection',
  'profiles.testing': 'Testing…',
  'profiles.switched': 'Now connected to {name}.',
  'profiles.saved': 'Saved {name}.',
  'profiles.removed': 'Removed {name}.',

  // Protection of secrets
  'profiles.protection.weak':
    'Tokens and keys are not well protected on this computer: no keyring (such as GNOME Keyring or KWallet) is available, so Electron stores them only obfuscated with a fixed key ({backend}). Anyone who can read your files can read them. Install and unlock a keyring, then restart Lanes.',
  'profiles.protection.unavailable':
    'This computer offers Lanes no protected storage ({backend}), so tokens and keys cannot be saved: saving a connection with a token or key will fail. Lanes never writes them unprotected.',

  // Remove confirmation
  'profiles.confirmRemove.title': 'Remove {name}?',
  'profiles.confirmRemove.body':
    'The profile and its stored tokens and keys are deleted from this computer. Its offline cache stays in the data folder. Nothing changes on the service.',
  'profiles.confirmRemove.confirm': 'Remove',
  'profiles.confirmRemove.cancel': 'Cancel',

  // Form
  'profiles.form.addHeading': 'Add a connection',
  'profiles.form.editHeading': 'Edit {name}',
  'profiles.form.save': 'Save',
  'profiles.form.saveAndTest': 'Save and test connection',
  'profiles.form.cancel': 'Cancel',
  'profiles.form.requiredHint': 'Fields marked * are required.',
  'profiles.form.name': 'Profile name *',
  'profiles.form.name.help':
    'Letters, digits, spaces, dots, dashes and underscores. Cannot be changed later.',
  'profiles.group.process': 'Process management',
  'profiles.group.process.help': 'Browse, edit and release processes; BPMN import and export.',
  'profiles.group.reporting': 'Reporting',
  'profiles.group.reporting.help': 'Read-only reports over the landscape. Optional.',
  'profiles.group.dataPush': 'Data push',
  'profiles.group.dataPush.help': 'Upload tables into the tenant. Optional.',
  'profiles.field.processBaseUrl': 'Base URL',
  'profiles.field.processBaseUrl.help': 'The address of your tenant, e.g. https://yourcompany.symbio.cloud',
  'profiles.field.collectionId': 'Collection',
  'profiles.field.collectionId.help': 'The collection id from the tenant’s URL.',
  'profiles.field.storageId': 'Storage',
  'profiles.field.storageId.help': 'The storage id (the tenant id) from the tenant’s URL.',
  'profiles.field.authToken': 'Auth token',
  'profiles.field.authToken.help': 'Made by a tenant administrator; expires after 90 days by default.',
  'profiles.field.bpmnToken': 'BPMN token',
  'profiles.field.bpmnToken.help': 'The token for BPMN import and export.',
  'profiles.field.reportingRegion': 'Region',
  'profiles.field.reportingRegion.help': 'Where your tenant’s reporting interface runs.',
  'profiles.region.none': 'Not used',
  'profiles.region.eu': 'Europe',
  'profiles.region.us': 'United States',
  'profiles.region.jp': 'Japan',
  'profiles.region.custom': 'Other address…',
  'profiles.field.reportingBaseUrl': 'Reporting base URL',
  'profiles.field.reportingBaseUrl.help': 'Only when your reporting interface is not in one of the regions.',
  'profiles.field.tenantId': 'Tenant id',
  'profiles.field.tenantId.help': 'A GUID such as 0f8fad5b-d9cb-469f-a165-70867728950e.',
  'profiles.field.reportingApiKey': 'Reporting API key',
  'profiles.field.reportingApiKey.help':
    'Sent with every reporting request; expires after 90 days by default.',
  'profiles.field.dataPushBaseUrl': 'Data push base URL',
  'profiles.field.dataPushBaseUrl.help': 'The address of the data push interface.',
  'profiles.field.dataPushKey': 'Data push key',
  'profiles.field.dataPushKey.help': 'The key of the pool.',
  'profiles.field.poolId': 'Pool',
  'profiles.field.poolId.help': 'The id of the data pool to push into.',
  'profiles.secret.stored': 'Stored. Leave blank to keep it, or type a new one to replace it.',
  'profiles.secret.notStored': 'Not stored yet.',

  // Client-side checks
  'profiles.invalid.nameRequired': 'Enter a name for the profile.',
  'profiles.invalid.nameChars': 'Use only letters, digits, spaces, dots, dashes and underscores.',
  'profiles.invalid.nameLength': 'Use at most 60 characters.',
  'profiles.invalid.nameTaken':
    'A profile with this name exists already; choose another name or edit that one.',
  'profiles.invalid.url': 'Enter a full address starting with https:// (or http://).',
  'profiles.invalid.guid': 'Enter a GUID such as 0f8fad5b-d9cb-469f-a165-70867728950e.',
  'profiles.invalid.processIncomplete':
    'Base URL, collection and storage belong together: fill in all three, or leave all three empty.',
  'profiles.invalid.summary': 'Please correct the marked fields.',

  // Test connection
  'profiles.testResults': 'Connection test of {name}',
  'profiles.iface.process': 'Process management',
  'profiles.iface.bpmn': 'BPMN import and export',
  'profiles.iface.reporting': 'Reporting',
  'profiles.iface.dataPush': 'Data push',
  'profiles.result.ok': 'Works',
  'profiles.result.notConfigured': 'Not configured',
  'profiles.result.failed': 'Failed',
  'profiles.result.wrongAuthToken':
    'Wrong auth token: the service refused it. Check that it is correct and has not expired.',
  'profiles.result.wrongBpmnToken':
    'Wrong BPMN token: the service refused it. Check that it is correct and has not expired.',
  'profiles.result.wrongReportingCredentials':
    'The reporting interface refused the tenant id or the API key: check that the tenant id belongs to this key and that the key has not expired.',
  'profiles.result.wrongDataPushKey':
    'Wrong data push key: the service refused it. Check that it is correct and has not expired.',
  'profiles.result.badTenantId':
    'The reporting interface rejected the tenant id ({serviceMessage}). It must be a GUID.',
  'profiles.result.unknownCollection':
    'The service does not know this collection or storage. Check both ids.',
  'profiles.result.unknownPool': 'The data push interface does not know this pool. Check the pool id.',
  'profiles.result.wrongPath':
    'Nothing answers at this address path. Check the base URL (for reporting, choose the right region).',
  'profiles.result.unreachable':
    'Host unreachable: Lanes could not reach {origin} ({reason}). Check the address and your network.',
} as const;

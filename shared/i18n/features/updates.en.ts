/** Updates: the Help menu item and the notice that shows download progress and offers the restart. */
export const updatesEn = {
  'updates.menu.check': 'Check for Updates…',
  'updates.checking': 'Looking for a newer version of Lanes…',
  'updates.upToDate': 'Lanes is up to date.',
  'updates.downloading': 'Downloading Lanes {version}…',
  'updates.progressLabel': 'Download progress',
  'updates.ready': 'Lanes {version} is ready. It is installed when Lanes restarts.',
  'updates.restart': 'Restart to Update',
  'updates.later': 'Later',
  'updates.dismiss': 'Close',
  'updates.failed':
    'The update could not be loaded: {message}. Lanes keeps working; try Help › Check for Updates later.',
  'updates.blocked.unsavedWork':
    'Save or close the diagrams with unsaved changes first, then choose Restart to Update again.',
  'updates.blocked.syncRunning':
    'Lanes is sending changes to the service. Wait until the sync has finished, then choose Restart to Update again.',
  'updates.blocked.notDownloaded': 'The update is not downloaded yet.',
} as const;

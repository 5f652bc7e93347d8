/** The recent local files on the editor's start page. */
export const recentFilesEn = {
  'recentFiles.heading': 'Recent files',
  'recentFiles.none': 'Files you open or save appear here.',
  'recentFiles.missing': 'Missing',
  'recentFiles.missingHint':
    'The file is no longer at this place. Remove it from the list, or open it again from its new place.',
  'recentFiles.remove': 'Remove',
  'recentFiles.removeLabel': 'Remove {name} from the list',
  'recentFiles.clear': 'Clear list',
} as const;

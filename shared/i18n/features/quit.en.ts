/** The native prompt when the window is closed or Lanes quits with unsaved editor changes. */
export const quitEn = {
  'quit.unsaved.title': 'Unsaved changes',
  'quit.unsaved.message': 'Some diagrams have changes that are not saved.',
  'quit.unsaved.detail':
    'If you leave, unsaved changes stay in the recovery slot and Lanes offers to restore them next time. Saved drafts are kept either way.',
  'quit.unsaved.leave': 'Leave',
  'quit.unsaved.stay': 'Stay',
} as const;

/** English UI text of generated layouts and landscape links; merged into the catalog by messages-en.ts. */
export const modelingAidsEn = {
  'autoLayout.generated':
    'This diagram had no layout ({count, plural, one {# element} other {# elements}} without coordinates): Lanes arranged it automatically. Save or publish to keep this layout.',
  'autoLayout.tooLarge':
    'This diagram has no layout, and with {count, number} elements it is too large to arrange automatically (at most {limit, number}). Open it in a tool that lays out diagrams, then try again.',
  'autoLayout.failed': 'This diagram has no layout, and arranging it automatically failed: {reason}',
  'links.pickTitle': 'Link to a process of the landscape',
  'links.open': 'Open linked process',
  'links.openTitle': 'Open the linked process in a new tab',
  'links.picker.heading': 'Link to a process',
  'links.unknown':
    'The call activity "{name}" calls "{called}", which is no process of the landscape known here. Pick a process with "Link to a process of the landscape" in its context pad, or sync the landscape and try again.',
  'links.notLinked':
    'The call activity "{name}" is not linked to a process yet. Pick one with "Link to a process of the landscape" in its context pad.',
  'links.linked': 'The call activity "{name}" now calls "{process}".',
  'links.breadcrumb': 'Where you came from',
  'links.breadcrumbBack': 'Back to {name}',
  'dropRefusal.flowNode':
    'A task, event or gateway must stand inside a pool. Drop it into a pool or one of its lanes.',
  'dropRefusal.dataObject':
    'A data object must stand inside a pool. Drop it into a pool or one of its lanes.',
} as const;

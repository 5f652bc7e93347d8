/** What a Markdown document of this repository names: repository paths in code spans and links, and in-page anchors. */
import { dirname, join, normalize } from 'node:path/posix';

/** Top-level folders of the repository; a code span starting with one of them is a path to check. */
const REPOSITORY_FOLDERS = [
  'main',
  'renderer',
  'shared',
  'e2e',
  'emulator',
  'bench',
  'scripts',
  'build',
  'docs',
  'types',
  'eslint-rules',
  'bin',
  '.ci',
];

export type DocumentedReference =
  | { kind: 'file'; path: string; written: string }
  | { kind: 'anchor'; path: string; anchor: string; written: string };

/**
 * Paths relative to the repository root. Code spans count when they start with a repository folder and
 * hold no pattern or placeholder (`*`, `{id}`, `<name>`, `…`); links count when they are relative.
 */
export function documentedPaths(markdown: string, documentPath: string): DocumentedReference[] {
  const references: DocumentedReference[] = [];
  const base = dirname(documentPath);
  const pattern = /`([^`\n]+)`|\]\(([^)\s]+)\)/g;
  for (const match of markdown.matchAll(pattern)) {
    const [written, code, link = ''] = match;
    if (code !== undefined) {
      if (isRepositoryPath(code)) references.push({ kind: 'file', path: code, written });
      continue;
    }
    if (/^[a-z]+:/i.test(link)) continue;
    const [target = '', anchor] = link.split('#', 2);
    const path = target === '' ? documentPath : normalize(join(base, target));
    if (target !== '') references.push({ kind: 'file', path, written });
    if (anchor !== undefined) references.push({ kind: 'anchor', path, anchor, written });
  }
  return references;
}

function isRepositoryPath(span: string): boolean {
  if (/[\s*{}<>…|$]/.test(span)) return false;
  const first = span.split('/')[0] ?? '';
  return span.includes('/') && REPOSITORY_FOLDERS.includes(first);
}

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as dashes. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = !inFence && /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const slug = (heading[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    let unique = slug;
    for (let n = 1; anchors.has(unique); n++) unique = `${slug}-${n}`;
    anchors.add(unique);
  }
  return anchors;
}

/** A file name from a diagram name: no path separators or characters Windows refuses. */
export function exportFileName(name: string, extension: 'svg' | 'png' | 'bpmn' | 'pdf' | 'csv'): string {
  const base =
    name
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\p{Cc}+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'diagram';
  return `${base}.${extension}`;
}

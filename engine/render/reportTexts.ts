// The report pages' texts, and a file's size as the files table shows it.
/** Texts of the report pages (spec 001 §3.9 'No Data'; spec 000 §2 'Downloading file...'; the rest not in spec). */
export const REPORT_PAGE_TEXTS = {
  noData: 'No Data',
  downloading: 'Downloading file...',
  generate: 'Generate',
  format: 'Format',
  files: 'Generated Files',
  refresh: 'Refresh',
  download: 'Download',
  noAccess: 'Your role may not generate this report (reporting access in General Configuration)',
} as const;

export function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

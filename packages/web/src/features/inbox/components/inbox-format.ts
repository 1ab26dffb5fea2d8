/** What a list row and the preview show for an email without a subject. */
export const NO_SUBJECT = '(no subject)';

const sizeFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** 512 B, 3.4 KB, 12 MB. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
};

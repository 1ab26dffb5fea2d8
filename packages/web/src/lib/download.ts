import { apiFetch } from './api-client.ts';

/** Hands a blob to the browser as a file download named `filename`. */
export const saveBlob = (blob: Blob, filename: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** Fetches a file with the signed-in user's token and saves it as `filename`. */
export const downloadFile = async (path: string, filename: string): Promise<void> => {
  const response = await apiFetch(path);
  saveBlob(await response.blob(), filename);
};

import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ColumnMapping } from '@leadline/shared/import-rows';
import type { ImportAccepted, ImportStatus } from '@leadline/shared/imports';
import { apiRequest } from './api-client.ts';
import type { UploadExtras } from './import-mapping.ts';

/** GET /api/imports/:importId: the background import of an uploaded file. */
export type { ImportAccepted, ImportStatus };

export const IMPORT_POLL_MS = 500;

/** What the upload buttons accept and the server's size cap. */
export const UPLOAD_ACCEPT = '.xlsx,.xls,.csv';
export const MAX_UPLOAD_MB = 25;

/** Checked before sending, so a wrong or huge file is refused without uploading it. */
export const uploadProblem = (file: File): string | null => {
  if (!/\.(xlsx|xls|csv)$/i.test(file.name)) return 'Please choose an .xlsx, .xls or .csv file';
  if (file.size > MAX_UPLOAD_MB * 1024 * 1024) return `The file is larger than ${MAX_UPLOAD_MB} MB`;
  if (file.size === 0) return 'The file is empty';
  return null;
};

export const getImportStatus = (importId: string, signal?: AbortSignal): Promise<ImportStatus> =>
  apiRequest<ImportStatus>(`/api/imports/${encodeURIComponent(importId)}`, { signal });

/** Polls an import about every 500 ms while it runs. */
export const useImportStatus = (importId: string | null) =>
  useQuery({
    queryKey: ['imports', importId],
    queryFn: ({ signal }) => getImportStatus(importId!, signal),
    enabled: importId !== null,
    staleTime: 0,
    gcTime: 60_000,
    retry: 2,
    refetchInterval: (query) =>
      query.state.data?.status === 'running' || !query.state.data ? IMPORT_POLL_MS : false,
  });

type FileImportOptions = {
  /** Sends the file (multipart); the server answers 202 { importId } or a 400 at once. */
  upload: (file: File, mapping?: ColumnMapping, extras?: UploadExtras) => Promise<ImportAccepted>;
  /** The file was refused before any row was read (wrong type, too big, unreadable). */
  onRejected: (error: unknown) => void;
  /** The import finished (completed or failed) or could no longer be followed. */
  onSettled: (status: ImportStatus | null, error?: unknown) => void;
};

/**
 * One upload at a time: send the file, then follow its import job until it settles. The
 * screen shows `status` (progress, then the summary) while `dialogOpen` is true.
 */
export const useFileImport = ({ upload, onRejected, onSettled }: FileImportOptions) => {
  const [importId, setImportId] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const settledFor = useRef<string | null>(null);
  const callbacks = useRef({ onSettled, onRejected });
  useEffect(() => {
    callbacks.current = { onSettled, onRejected };
  }, [onSettled, onRejected]);

  const send = useMutation({
    mutationFn: ({
      file,
      mapping,
      extras,
    }: {
      file: File;
      mapping?: ColumnMapping;
      extras?: UploadExtras;
    }) => upload(file, mapping, extras),
    onSuccess: ({ importId: id }) => {
      settledFor.current = null;
      setImportId(id);
      setDialogOpen(true);
    },
    onError: (error) => callbacks.current.onRejected(error),
  });
  const status = useImportStatus(importId);

  const finished = status.data && status.data.status !== 'running' ? status.data : null;
  useEffect(() => {
    if (!importId || settledFor.current === importId) return;
    if (finished) {
      settledFor.current = importId;
      callbacks.current.onSettled(finished);
    } else if (status.isError) {
      settledFor.current = importId;
      callbacks.current.onSettled(null, status.error);
    }
  }, [importId, finished, status.isError, status.error]);

  return {
    start: (file: File, mapping?: ColumnMapping, extras?: UploadExtras) =>
      send.mutate({ file, mapping, extras }),
    sending: send.isPending,
    running: importId !== null && !finished && !status.isError,
    status: status.data ?? null,
    statusError: status.error,
    dialogOpen,
    closeDialog: () => setDialogOpen(false),
  };
};

import { useState } from 'react';
import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { ImportKind } from '@leadline/shared/import-rows';
import type {
  ImportAccepted,
  ImportPreset,
  ImportPreview,
  ImportStatus,
} from '@leadline/shared/imports';
import { errorMessage } from '../lib/api-client.ts';
import { uploadProblem, useFileImport } from '../lib/import-job.ts';
import { importSummary } from '../lib/import-preview.ts';
import type { ColumnMapping, PresetChoice } from '../lib/import-preview.ts';
import type { UploadExtras } from '../lib/import-mapping.ts';
import { notifyError } from '../lib/notify.ts';
import { useStableCallback } from '../lib/use-stable-callback.ts';
import { ImportMappingStep } from './import-mapping-step.tsx';
import type { MappingChoice } from './import-mapping-step.tsx';
import { ImportDialog } from './import-progress.tsx';
import type { Noun } from './import-progress.tsx';

type ImportFlowOptions = {
  kind: ImportKind;
  noun: Noun;
  /** Titles of the mapping step and of the progress dialog. */
  mappingTitle: string;
  progressTitle: string;
  preview: (file: File) => Promise<ImportPreview>;
  upload: (file: File, mapping?: ColumnMapping, extras?: UploadExtras) => Promise<ImportAccepted>;
  savePreset: (preset: PresetChoice) => Promise<ImportPreset>;
  /** The file was refused before any row was read (preview or upload): the server's message. */
  onRejected: (error: unknown) => void;
  /** The import was sent (after the mapping step). */
  onStarted?: () => void;
  /** The import finished (completed or failed) or could no longer be followed. */
  onSettled: (status: ImportStatus | null, error?: unknown) => void;
  /** Fallback text when the progress can no longer be read. */
  failedText: string;
  /** The screen's own choices in the mapping step (see ImportMappingStep's `extra`). */
  mappingExtra?: ReactNode;
  /** Leads: the user may give the new leads to others (the Owner may go round-robin). */
  roundRobin?: boolean;
};

/**
 * An upload in steps: the file is read (preview), the mapping step shows the columns and the
 * first rows, the import starts from there and its progress and outcome show in a dialog.
 * Render `dialogs` once; call `begin` with the chosen file.
 */
export const useImportFlow = (options: ImportFlowOptions) => {
  const [pending, setPending] = useState<{ file: File; preview: ImportPreview } | null>(null);
  const preview = useStableCallback(options.preview);
  const onRejected = useStableCallback(options.onRejected);
  const savePreset = useStableCallback(options.savePreset);
  const onStarted = useStableCallback(() => options.onStarted?.());
  const previewing = useMutation({
    mutationFn: preview,
    onSuccess: (result, file) => setPending({ file, preview: result }),
    onError: (error) => onRejected(error),
  });
  const job = useFileImport({
    upload: options.upload,
    onRejected: options.onRejected,
    onSettled: options.onSettled,
  });
  const [saving, setSaving] = useState(false);

  const begin = (file: File | null) => {
    if (!file) return;
    const problem = uploadProblem(file);
    if (problem) notifyError(problem);
    else previewing.mutate(file);
  };

  const start = async ({ mapping, presetName, ...extras }: MappingChoice) => {
    if (!pending) return;
    if (presetName) {
      setSaving(true);
      try {
        await savePreset({
          name: presetName,
          headers: pending.preview.headers,
          mapping,
          dateOrder: extras.dateOrder ?? null,
          roundRobin: extras.roundRobin === true,
        });
      } catch (error) {
        notifyError(errorMessage(error, 'The mapping could not be saved'), error);
      } finally {
        setSaving(false);
      }
    }
    setPending(null);
    onStarted();
    job.start(pending.file, mapping, extras);
  };

  const dialogs: ReactNode = (
    <>
      {pending ? (
        <ImportMappingStep
          key={pending.preview.filename + pending.file.lastModified}
          kind={options.kind}
          preview={pending.preview}
          title={options.mappingTitle}
          starting={saving}
          onCancel={() => setPending(null)}
          onStart={(choice) => void start(choice)}
          extra={options.mappingExtra}
          roundRobin={options.roundRobin}
        />
      ) : null}
      <ImportDialog
        opened={job.dialogOpen}
        onClose={job.closeDialog}
        title={options.progressTitle}
        status={job.status}
        noun={options.noun}
        error={job.statusError ? errorMessage(job.statusError, options.failedText) : null}
      />
    </>
  );
  return {
    begin,
    busy: previewing.isPending || saving || job.sending || job.running,
    dialogs,
  };
};

const TONE_COLORS = { success: 'green', warning: 'yellow', error: 'red' } as const;

/**
 * The toast for a finished import: the screen's success text when every row went in as it
 * was, else the summary ("8 rows: 2 added, 6 with errors") in the colour it deserves.
 */
export const importOutcome = (
  status: ImportStatus | null,
  successText: string,
  failedText: string,
  error?: unknown,
): { color: string; message: string } => {
  if (!status || status.status === 'failed')
    return { color: 'red', message: status?.message || errorMessage(error, failedText) };
  const summary = importSummary(status);
  return {
    color: TONE_COLORS[summary.tone],
    message: summary.tone === 'success' ? successText : summary.text,
  };
};

export const notifyImportOutcome = (outcome: { color: string; message: string }, id?: string) => {
  const shown = {
    color: outcome.color,
    message: outcome.message,
    autoClose: outcome.color === 'green' ? 5000 : 9000,
  };
  if (id) notifications.update({ id, loading: false, ...shown });
  else notifications.show(shown);
};

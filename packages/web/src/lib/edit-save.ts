import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage } from './api-client.ts';
import { applyServerFieldErrors } from './form-errors.ts';
import { notifyError, notifySuccess } from './notify.ts';

type EditSaveOptions<T extends FieldValues> = {
  /** The success toast. */
  saved: string;
  /** The error toast when the server gives no message of its own. */
  failed: string;
  /** After a successful save (closes the form). */
  onDone: () => void;
  setError: UseFormSetError<T>;
  /** The form's fields, for the server's per-field messages. */
  fields: readonly Path<T>[];
};

/**
 * The mutation callbacks of an edit form's save: a toast and `onDone` once saved; otherwise an
 * error toast, and the server's per-field messages under the inputs.
 */
export const editSaveCallbacks = <T extends FieldValues>({
  saved,
  failed,
  onDone,
  setError,
  fields,
}: EditSaveOptions<T>) => ({
  onSuccess: () => {
    notifySuccess(saved);
    onDone();
  },
  onError: (error: unknown) => {
    notifyError(errorMessage(error, failed), error);
    applyServerFieldErrors(error, setError, fields);
  },
});

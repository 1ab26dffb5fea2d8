import { Modal } from '@mantine/core';
import type { ModalProps } from '@mantine/core';
import type { DiscardGuard } from './discard-guard.tsx';

type GuardedModalProps = Omit<ModalProps, 'onClose'> & {
  /** The modal's guard (useDiscardGuard): its Cancel calls `guard.close`. */
  guard: DiscardGuard;
  /** Esc and a click outside do nothing (a save under way). */
  locked?: boolean;
};

/**
 * A modal whose close (Esc, a click outside, its close button) asks "Discard changes?" while
 * its form, or a form inside it, holds unsaved changes; the forms inside report theirs.
 */
export const GuardedModal = ({ guard, locked = false, children, ...props }: GuardedModalProps) => (
  <>
    <Modal {...props} ref={guard.ref} onClose={locked ? () => undefined : guard.onLayerClose}>
      <guard.Scope>{children}</guard.Scope>
    </Modal>
    {guard.confirm}
  </>
);

import { Drawer } from '@mantine/core';
import type { DrawerProps } from '@mantine/core';
import { useDiscardGuard } from './discard-guard.tsx';

type GuardedDrawerProps = DrawerProps & {
  /** The drawer's own unsaved changes (the forms inside report theirs). */
  dirty?: boolean;
};

/**
 * A drawer whose close (Esc, a click outside, its close button) asks "Discard changes?" while
 * a form inside holds unsaved changes, and waits while a dropdown or modal is open above it.
 */
export const GuardedDrawer = ({ dirty, onClose, children, ...props }: GuardedDrawerProps) => {
  const guard = useDiscardGuard({ dirty, onClose });
  return (
    <>
      <Drawer {...props} ref={guard.ref} onClose={guard.onLayerClose}>
        <guard.Scope>{children}</guard.Scope>
      </Drawer>
      {guard.confirm}
    </>
  );
};

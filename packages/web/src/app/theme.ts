import { Drawer, Modal, createTheme } from '@mantine/core';

/** Every modal's and drawer's close button has a name; a screen may give a more precise one. */
const closeButtonProps = { 'aria-label': 'Close' };

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
  },
});

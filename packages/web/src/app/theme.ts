import {
  Alert,
  DEFAULT_THEME,
  Drawer,
  Loader,
  Modal,
  Notification,
  TableScrollContainer,
  createTheme,
} from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

/** Every modal's and drawer's close button has a name; a screen may give a more precise one. */
const closeButtonProps = { 'aria-label': 'Close' };

// Colours and contrast (WCAG 2.2 AA; docs/architecture.md "Colours and contrast" lists the
// ratios). Filled buttons and badges, coloured text and links use shade 8 of a colour in
// both schemes; white text on it is at least 4.5:1. Mantine's shades 8 and 9 of red, cyan,
// teal, green and orange are too light for that, so they are a little darker here (the hue
// is kept). Yellow and lime stay light and carry black text (autoContrast below).
const withDarkerShades = (
  name: keyof typeof DEFAULT_THEME.colors,
  shade8: string,
  shade9: string,
): MantineColorsTuple => {
  const shades = [...DEFAULT_THEME.colors[name]!];
  shades[8] = shade8;
  shades[9] = shade9;
  return shades as unknown as MantineColorsTuple;
};

const colors = {
  red: withDarkerShades('red', '#dc3030', '#c52929'), // white on 8: 4.66:1
  cyan: withDarkerShades('cyan', '#0c8093', '#0b7184'), // 4.64:1
  teal: withDarkerShades('teal', '#08855f', '#077655'), // 4.64:1
  green: withDarkerShades('green', '#28863a', '#257535'), // 4.60:1
  orange: withDarkerShades('orange', '#c84d0a', '#b83d0d'), // 4.64:1
};

/** Secondary ("dimmed") text: 5.56:1 on white, 5.0:1 on gray-1; 6.05:1 on dark-6. */
export const DIMMED = { light: '#626970', dark: '#adadad' } as const;
/** Placeholders: lighter than dimmed text, still 5.03:1 on white and 4.83:1 on dark-6. */
const PLACEHOLDER = { light: '#687078', dark: '#9a9a9a' } as const;

/** Passed to MantineProvider with the theme. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED.light,
    '--mantine-color-placeholder': PLACEHOLDER.light,
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // Light variants (badges, alerts) write shade 9 on shade 1; yellow's and lime's shade 9
    // are too light for that (2.7:1 and 3.3:1), these are 5.3:1 and 5.4:1.
    '--mantine-color-yellow-light-color': '#8a5a00',
    '--mantine-color-lime-light-color': '#466f0b',
    // A control's edge against white: 3.32:1 (inputs, checkboxes, radios).
    '--leadline-control-border': 'var(--mantine-color-gray-6)',
  },
  dark: {
    '--mantine-color-dimmed': DIMMED.dark,
    '--mantine-color-placeholder': PLACEHOLDER.dark,
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-success': 'var(--mantine-color-teal-4)',
    // Violet-4 is 4.0:1 on dark-6; violet-3 is 5.6:1.
    '--mantine-color-violet-text': 'var(--mantine-color-violet-3)',
    // Against dark-6 and dark-7: 3.53:1 and 4.04:1.
    '--leadline-control-border': 'var(--mantine-color-dark-2)',
  },
});

export const theme = createTheme({
  primaryColor: 'blue',
  // Blue-8 (#1971c2): white on it 5.02:1, it on white 5.02:1.
  primaryShade: { light: 8, dark: 8 },
  colors,
  // Text on a filled colour is white or black, whichever contrasts more (0.179 is where both
  // are equal, 4.58:1), so no filled button or badge falls below 4.5:1.
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps } }),
    Alert: Alert.extend({ defaultProps: { closeButtonLabel: 'Dismiss' } }),
    // A spinner is a status: its aria-label ("Loading the message") is read out, and axe
    // allows a name on it (a bare span may not carry aria-label).
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // A table wider than the screen scrolls sideways: the keyboard can reach it (focus, arrows).
    TableScrollContainer: TableScrollContainer.extend({
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    }),
  },
});

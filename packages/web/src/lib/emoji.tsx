import type { ReactNode } from 'react';
import { IconCircleCheck, IconCircleX, IconConfetti } from '@tabler/icons-react';

/**
 * The emoji some fixed texts start with (✅ ❌ 🎉) need an emoji font, which many systems lack
 * (✅ then shows as a box). They are drawn as icons instead, and the words are shown as they are.
 */
const ICONS: Record<string, (size: number) => ReactNode> = {
  '✅': (size) => <IconCircleCheck size={size} aria-hidden />,
  '❌': (size) => <IconCircleX size={size} aria-hidden />,
  '🎉': (size) => <IconConfetti size={size} aria-hidden />,
};

const LEADING = /^(✅|❌|🎉)\uFE0F?\s*/u;

/** The text without its leading emoji, and the icon that stands for it (if it had one). */
export const splitEmoji = (text: string, size = 18): { text: string; icon: ReactNode | null } => {
  const match = LEADING.exec(text);
  if (!match) return { text, icon: null };
  return { text: text.slice(match[0].length), icon: ICONS[match[1]!]!(size) };
};

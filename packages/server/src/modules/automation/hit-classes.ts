import { z } from 'zod';
import { DEFAULT_HIT_CLASSES, HIT_CLASSES } from '@leadline/shared/tracking';
import type { HitClass } from '@leadline/shared/tracking';

/** Triggers whose events carry the class of a tracking hit. */
export const TRACKING_TRIGGERS: readonly string[] = ['email.opened', 'email.clicked'];

/** The classes of hit that set a rule off (stored null: people's only). */
export const hitClassesOf = (rule: { hitClasses: unknown }): HitClass[] => {
  const parsed = z.array(z.enum(HIT_CLASSES)).safeParse(rule.hitClasses);
  return parsed.success && parsed.data.length > 0 ? parsed.data : [...DEFAULT_HIT_CLASSES];
};

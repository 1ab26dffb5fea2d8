import type { SavedView } from '@leadline/shared/saved-views';
import { formatCount } from '../../../lib/format.ts';

/** "1,204", "10,000+", or '' when the view cannot be counted. */
export const viewCount = (view: Pick<SavedView, 'count' | 'countCapped'>): string =>
  view.count === null ? '' : `${formatCount(view.count)}${view.countCapped ? '+' : ''}`;

import { onReturnDate } from '../deliverability/events.ts';
import { holdStepsUntilReturn } from './store/return-dates-repo.ts';

/*
 * An out-of-office answer that names a return date holds the lead's next campaign steps until
 * the day after it. Registered when the campaigns module loads (its service does).
 */
onReturnDate(holdStepsUntilReturn);

import { IconCircleCheckFilled } from '@tabler/icons-react';
import classes from './calendar.module.css';

/** The small mark of a meeting every attendee accepted (grid entries). */
export const ConfirmedMark = () => (
  <span className={classes.confirmed} role="img" aria-label="Confirmed" title="Confirmed">
    <IconCircleCheckFilled size={11} aria-hidden />
  </span>
);
